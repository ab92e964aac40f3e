import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { EXPORT_BATCH_SIZE, RECEIPTS_CSV_HEADER, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { realEmail } from "@/lib/users/stand-in-addresses";

/**
 * The account's receipts (its paid orders, numbered 1, 2, 3, … without gaps) by number, a batch at
 * a time by that number: what the Bookkeeping Act asks a studio to keep, with the buyer as the order
 * names them now (an erased person's name reads as erased).
 */
export function exportReceipts({ db, batchSize = EXPORT_BATCH_SIZE }: { db: TenantDb; batchSize?: number }): CsvExport {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after = 0;
    for (;;) {
      const rows = await db.order.findMany({
        where: { receiptNumber: { gt: after } },
        include: { user: { select: { displayName: true, email: true } }, product: { select: { name: true } } },
        orderBy: { receiptNumber: "asc" },
        take: batchSize,
      });
      yield rows.map((o) => [
        o.receiptNumber,
        o.id,
        o.paidAt?.toISOString() ?? null,
        o.product.name,
        o.amount,
        o.discountAmount,
        o.currency,
        o.vatAmount,
        o.vatRateBasisPoints,
        o.provider,
        o.status,
        o.refundedAt?.toISOString() ?? null,
        o.userId,
        o.user.displayName,
        realEmail(o.user.email),
      ]);
      const last = rows[rows.length - 1];
      if (!last?.receiptNumber || rows.length < batchSize) return;
      after = last.receiptNumber;
    }
  }
  return { header: RECEIPTS_CSV_HEADER, batches: batches() };
}
