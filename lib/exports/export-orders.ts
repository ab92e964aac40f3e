import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { ORDERS_CSV_HEADER, EXPORT_BATCH_SIZE, type CsvCell, type CsvExport } from "@/lib/schemas/export";

/**
 * The account's orders created in [`from`, `to`), oldest first (then by id), read a batch at a time
 * by that key. `amount` in minor units, as in the API.
 */
export function exportOrders({
  db,
  from,
  to,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  from?: Date;
  to?: Date;
  batchSize?: number;
}): CsvExport {
  const range = { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) };
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const where: Prisma.OrderWhereInput = {
        createdAt: range,
        ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
      };
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
        o.user.email,
        o.productId,
        o.product.name,
        o.priceId,
      ]);
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return { header: ORDERS_CSV_HEADER, batches: batches() };
}
