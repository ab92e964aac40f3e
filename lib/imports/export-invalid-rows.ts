import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { EXPORT_BATCH_SIZE, type CsvExport } from "@/lib/schemas/export";
import { getImportOrThrow } from "./manage-imports";

/**
 * An import's invalid rows as the file had them, under its header, to fix in a spreadsheet and
 * upload again; a last column says what is wrong with each. 404 for an unknown import.
 */
export async function exportInvalidRows({ db, importId }: { db: TenantDb; importId: string }): Promise<CsvExport> {
  const record = await getImportOrThrow({ db, importId });
  const width = record.headers.length;
  async function* batches() {
    for (let after = 0; ;) {
      const rows = await db.importRow.findMany({
        where: { importId, status: "invalid", row: { gt: after } },
        orderBy: { row: "asc" },
        take: EXPORT_BATCH_SIZE,
        select: { row: true, cells: true, errors: true },
      });
      if (rows.length === 0) return;
      yield rows.map(({ cells, errors }) => [
        ...Array.from({ length: width }, (_, index) => cells[index] ?? ""),
        (errors as { field: string; message: string }[]).map((error) => `${error.field}: ${error.message}`).join("; "),
      ]);
      after = rows[rows.length - 1]!.row;
    }
  }
  return { header: [...record.headers, "errors"], batches: batches() };
}
