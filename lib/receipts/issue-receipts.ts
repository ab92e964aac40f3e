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
 * rate today, kept on the order so a later rate change leaves old receipts as they were. An order of a
 * VAT-exempt product (`vatExempt`, decision 0041) carries rate 0 and VAT 0; a gift card's none (a
 * multi-purpose voucher, decision 0051: VAT is due when it is spent, on what it buys).
 */
export async function issueReceipts(
  tx: TenantTx,
  { accountId, orders }: { accountId: string; orders: { amount: number; productId: string }[] },
): Promise<ReceiptFields[]> {
  const amounts = orders.map((order) => order.amount);
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
  const products = new Map(
    (
      await tx.product.findMany({
        where: { id: { in: [...new Set(orders.map((order) => order.productId))] } },
        select: { id: true, vatExempt: true, type: true },
      })
    ).map((product) => [product.id, product]),
  );
  return orders.map(({ amount, productId }, index) => {
    const rate = orderVatRate(vatRateBasisPoints, products.get(productId) ?? { vatExempt: false, type: "" });
    return {
      receiptNumber: first + index,
      vatAmount: rate === null ? null : vatIncluded(amount, rate),
      vatRateBasisPoints: rate,
    };
  });
}

/**
 * The VAT rate an order is frozen at: none (null) for a gift card (decision 0051), 0 for a VAT-exempt
 * product, else the studio's rate (null: none).
 */
export function orderVatRate(
  studioRateBasisPoints: number | null,
  product: { vatExempt: boolean; type: string },
): number | null {
  if (product.type === "gift_card") return null;
  return product.vatExempt ? 0 : studioRateBasisPoints;
}

/** issueReceipts for one order. */
export async function issueReceipt(
  tx: TenantTx,
  order: { accountId: string; amount: number; productId: string },
): Promise<ReceiptFields> {
  const [fields] = await issueReceipts(tx, { accountId: order.accountId, orders: [order] });
  return fields!;
}
