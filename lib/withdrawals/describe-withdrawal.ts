import "server-only";
import type { Withdrawal } from "@prisma/client";
import { getProductOrThrow } from "@/lib/commerce/get-product-or-throw";
import type { TenantDb } from "@/lib/db/tenant-db";
import { formatFullDateTime, formatLastDay, type Zoned } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import type { WithdrawalPreview } from "./withdraw-order";

/** What the confirmation step shows: the purchase, what withdrawing keeps back and refunds, and why. */
export type WithdrawalPreviewWords = {
  product: string;
  paid: string;
  used: string;
  refund: string;
  basis: string;
  until: string;
};

/** What the acknowledgment shows (FAL: the date and time it was received), and where its email went. */
export type WithdrawalDoneWords = {
  receivedAt: string;
  product: string;
  refund: string;
  basis: string;
  email: string;
  pending: boolean;
};

export async function describeWithdrawalPreview(
  db: TenantDb,
  preview: WithdrawalPreview,
  where: Zoned,
): Promise<WithdrawalPreviewWords> {
  const product = await getProductOrThrow({ db, productId: preview.order.productId });
  const money = (amount: number) => formatMoney(amount, preview.currency, where.locale);
  return {
    product: product.name,
    paid: money(preview.order.amount),
    used: money(preview.usedAmount),
    refund: money(preview.refundAmount),
    basis: preview.basis,
    until: formatLastDay(preview.until, where),
  };
}

export async function describeWithdrawal(
  db: TenantDb,
  withdrawal: Withdrawal,
  where: Zoned & { email: string },
): Promise<WithdrawalDoneWords> {
  const order = await db.order.findFirstOrThrow({ where: { id: withdrawal.orderId }, select: { productId: true } });
  const product = await getProductOrThrow({ db, productId: order.productId });
  return {
    receivedAt: formatFullDateTime(withdrawal.receivedAt, where),
    product: product.name,
    refund: formatMoney(withdrawal.refundAmount, withdrawal.currency, where.locale),
    basis: withdrawal.basis,
    email: where.email,
    pending: withdrawal.status === "refund_pending",
  };
}
