import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { basisPointsToPercent } from "@/lib/receipts/vat";
import { ORDERS_CSV_HEADER, EXPORT_BATCH_SIZE, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { realEmail } from "@/lib/users/stand-in-addresses";

/**
 * The account's orders `where` keeps (a filter resolved by orderFilterWhere before the download starts,
 * so that its 400 comes before the 200), oldest first (then by id), read a batch at a time by that key. `amount` in minor units, as in the API;
 * `vatRate` (percent, 0 = VAT-exempt) and `vatAmount` as the order froze them, empty without VAT.
 */
export function exportOrders({
  db,
  where: filtered = {},
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  where?: Prisma.OrderWhereInput;
  batchSize?: number;
}): CsvExport {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const where: Prisma.OrderWhereInput = after
        ? {
            AND: [
              filtered,
              { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] },
            ],
          }
        : filtered;
      const rows = await db.order.findMany({
        where,
        include: { user: true, product: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.map((o) => [
        o.id,
        o.createdAt.toISOString(),
        o.paidAt?.toISOString() ?? null,
        o.status,
        o.provider,
        o.amount,
        o.currency,
        o.userId,
        o.user.displayName,
        realEmail(o.user.email),
        o.productId,
        o.product.name,
        o.priceId,
        o.vatRateBasisPoints === null ? null : basisPointsToPercent(o.vatRateBasisPoints),
        o.vatAmount,
      ]);
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return { header: ORDERS_CSV_HEADER, batches: batches() };
}
