import "server-only";
import type { CsvCell } from "@/lib/schemas/export";

type CreationKey = { createdAt: Date; id: string };

/** The `where` that continues after `key` in (createdAt, id) order; nothing before the first batch. */
export type AfterCreation = {
  OR?: [{ createdAt: { gt: Date } }, { createdAt: Date; id: { gt: string } }];
};

export const BY_CREATION = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * Rows of one table read a batch at a time in (createdAt, id) order, by that key (a keyset: no
 * offset, no table held in memory), each turned into one or more CSV records.
 */
export async function* batchesByCreation<Row extends CreationKey>(
  read: (where: AfterCreation, take: number) => Promise<Row[]>,
  toRecords: (row: Row) => CsvCell[][],
  batchSize: number,
): AsyncGenerator<CsvCell[][]> {
  let where: AfterCreation = {};
  for (;;) {
    const rows = await read(where, batchSize);
    yield rows.flatMap(toRecords);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    where = { OR: [{ createdAt: { gt: last.createdAt } }, { createdAt: last.createdAt, id: { gt: last.id } }] };
  }
}
