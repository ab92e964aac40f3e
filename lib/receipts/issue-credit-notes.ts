import "server-only";
import type { Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { vatIncluded } from "./vat";

/**
 * The one place credit note numbers are given, as receipt numbers are (issue-receipts.ts): a refund
 * of `order` now, in this transaction, takes its account's next number (one counter row per account;
 * concurrent refunds queue on it, a rolled-back refund gives its number back), and the VAT its
 * `amount` includes at the rate the order was paid at; the refund of the rest takes the VAT the
 * earlier parts left, so an order's credit notes add up to its receipt.
 */
export async function issueCreditNote(
  tx: TenantTx,
  order: Pick<Order, "id" | "accountId" | "vatAmount" | "vatRateBasisPoints">,
  { amount, full }: { amount: number; full: boolean },
): Promise<{ creditNoteNumber: number; vatAmount: number | null }> {
  const [counter] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "CreditNoteCounter" ("accountId", "last") VALUES (${order.accountId}, 1)
    ON CONFLICT ("accountId") DO UPDATE SET "last" = "CreditNoteCounter"."last" + 1
    RETURNING "last"`;
  return { creditNoteNumber: counter!.last, vatAmount: await refundVat(tx, order, { amount, full }) };
}

async function refundVat(
  tx: TenantTx,
  order: Pick<Order, "id" | "vatAmount" | "vatRateBasisPoints">,
  { amount, full }: { amount: number; full: boolean },
): Promise<number | null> {
  const rate = order.vatRateBasisPoints;
  if (rate === null) return null;
  if (!full || order.vatAmount === null) return vatIncluded(amount, rate);
  const earlier = await tx.refund.aggregate({ where: { orderId: order.id }, _sum: { vatAmount: true } });
  return order.vatAmount - (earlier._sum.vatAmount ?? 0);
}
