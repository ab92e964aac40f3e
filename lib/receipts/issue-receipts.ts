import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { vatIncluded } from "./vat";

/** What an order gets the moment it is paid: its receipt number and the VAT its amount includes. */
export type ReceiptFields = { receiptNumber: number; vatAmount: number | null; vatRateBasisPoints: number | null };

/**
 * The one place receipt numbers are given: orders of `accountId` becoming paid now, in this
 * transaction, with these `amounts`, get the account's next numbers in that order (one counter row
 * per account, `last` raised by the count; concurrent payments queue on that row until this
 * transaction ends, and a rolled-back payment gives its numbers back) and the VAT at the account's
 * rate today, kept on the order so a later rate change leaves old receipts as they were.
 */
export async function issueReceipts(
  tx: TenantTx,
  { accountId, amounts }: { accountId: string; amounts: number[] },
): Promise<ReceiptFields[]> {
  if (amounts.length === 0) return [];
  const [counter] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "ReceiptCounter" ("accountId", "last") VALUES (${accountId}, ${amounts.length})
    ON CONFLICT ("accountId") DO UPDATE SET "last" = "ReceiptCounter"."last" + EXCLUDED."last"
    RETURNING "last"`;
  const first = counter!.last - amounts.length + 1;
  const { vatRateBasisPoints } = await tx.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { vatRateBasisPoints: true },
  });
  return amounts.map((amount, index) => ({
    receiptNumber: first + index,
    vatAmount: vatRateBasisPoints === null ? null : vatIncluded(amount, vatRateBasisPoints),
    vatRateBasisPoints,
  }));
}

/** issueReceipts for one order. */
export async function issueReceipt(tx: TenantTx, order: { accountId: string; amount: number }): Promise<ReceiptFields> {
  const [fields] = await issueReceipts(tx, { accountId: order.accountId, amounts: [order.amount] });
  return fields!;
}
