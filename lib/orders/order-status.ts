import "server-only";
import type { Entitlement, Order, Refund } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { issueCreditNote } from "@/lib/receipts/issue-credit-notes";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { ORDER_EVENTS, type IssuedGiftCard, type PaidOrder, type Payment, type RefundedOrder } from "./order-events";

/** The payment's own references, kept on the order: what a refund or a provider's event names. */
export type PaymentRefs = { providerRef?: string; paymentIntentId?: string | null };

/** The only writers of an order's status; each runs what its new status brings (order-events.ts). */

/**
 * A `pending` order (or a `failed` one whose payment went through after all: a retried instalment)
 * becomes `paid` at `at`, in the caller's transaction: its receipt number and VAT (issue-receipts.ts),
 * the provider's references, and `amount` where the provider charged another (an invoice), then
 * everything "order.paid" lists. The update is conditional on the status `order` was read with, so
 * a payment reported twice is applied once: null when it had changed meanwhile. The entitlement the
 * payment granted or extended, as it is after the payment, and the gift card it issued (with its code).
 */
export async function markPaid(
  tx: TenantTx,
  order: Pick<Order, "id" | "status">,
  { at, refs = {}, amount, payment }: { at: Date; refs?: PaymentRefs; amount?: number; payment: Payment },
): Promise<{ order: Order; entitlement: Entitlement | null; giftCard: IssuedGiftCard | null } | null> {
  if (order.status !== "pending" && order.status !== "failed") return null;
  const [changed] = await tx.order.updateManyAndReturn({
    where: { id: order.id, status: order.status },
    data: { status: "paid", paidAt: at, ...refs, ...(amount === undefined ? {} : { amount }) },
  });
  if (!changed) return null;
  const paid = await tx.order.update({ where: { id: changed.id }, data: await issueReceipt(tx, changed) });
  const event: PaidOrder = { order: paid, at, payment, entitlement: null, giftCard: null };
  for (const consequence of ORDER_EVENTS["order.paid"]) await consequence(tx, event);
  return { order: paid, entitlement: event.entitlement, giftCard: event.giftCard };
}

/**
 * What one refund asks: when, how much (default: all that is left), classes off a pass, and why.
 * `endsOrder`: the order becomes `refunded` (its entitlement revoked) whatever part is refunded, even
 * none: a withdrawal ends the contract while the buyer pays for what was used (FAL §22).
 */
export type RefundAsked = { at: Date; amount?: number; classes?: number; reason: string | null; endsOrder?: boolean };

/**
 * `amount` of a `paid` order is refunded at `at` (default all that is left), in the caller's
 * transaction: a Refund row with the account's next credit note number (issueCreditNote), the
 * order's `refundedAmount` raised, and the order `refunded` once all of it is; then everything
 * "order.refunded" lists runs (the rest of the order's life, or the part `classes` takes off its
 * pass). What it lists after the commit is the caller's (afterRefund). The update is conditional
 * on the status and refunded amount `order` was read with, so a refund applies once however often
 * it is asked: null when the order had changed meanwhile. 409 `Refund exceeds what was paid` past
 * what is left. With `endsOrder` the order is `refunded` whatever part is refunded; a refund of
 * nothing then writes no Refund row (no credit note of 0, no voucher): the order just ends.
 */
export async function markRefunded(
  tx: TenantTx,
  order: Pick<Order, "id" | "amount" | "refundedAmount">,
  { at, amount, classes, reason, endsOrder = false }: RefundAsked,
): Promise<RefundedOrder | null> {
  const left = order.amount - order.refundedAmount;
  const refunding = amount ?? left;
  if (refunding > left || refunding < 0 || (left > 0 && refunding === 0 && !endsOrder)) {
    throw new AppError("refund_exceeds_paid");
  }
  const allLeft = refunding === left;
  const full = allLeft || endsOrder;
  const [refunded] = await tx.order.updateManyAndReturn({
    where: { id: order.id, status: "paid", refundedAmount: order.refundedAmount },
    data: {
      refundedAmount: { increment: refunding },
      ...(full ? { status: "refunded", refundedAt: at, refundReason: reason } : {}),
    },
  });
  if (!refunded) return null;
  const refund =
    refunding === 0 && left > 0
      ? null
      : await recordRefund(tx, refunded, { at, amount: refunding, classes, reason, allLeft });
  const event = { order: refunded, at, refund, full };
  for (const consequence of ORDER_EVENTS["order.refunded"]) await consequence(tx, event);
  return event;
}

/** The Refund row with its credit note; `allLeft`: it refunds the rest, so it takes the VAT the earlier parts left. */
async function recordRefund(
  tx: TenantTx,
  refunded: Order,
  { at, amount, classes, reason, allLeft }: Omit<RefundAsked, "endsOrder"> & { amount: number; allLeft: boolean },
): Promise<Refund> {
  return tx.refund.create({
    data: {
      accountId: refunded.accountId,
      orderId: refunded.id,
      amount,
      classes: classes ?? null,
      reason,
      refundedAt: at,
      ...(await issueCreditNote(tx, refunded, { amount, full: allLeft })),
    },
  });
}

/**
 * A `pending` order becomes `failed` (its payment page could not be opened, expired, or the payment
 * did not go through), in the caller's transaction, and everything "order.failed" lists runs. Null
 * when it was not pending.
 */
export async function markFailed(tx: TenantTx, order: Pick<Order, "id">, { at }: { at: Date }): Promise<Order | null> {
  const [failed] = await tx.order.updateManyAndReturn({
    where: { id: order.id, status: "pending" },
    data: { status: "failed" },
  });
  if (!failed) return null;
  for (const consequence of ORDER_EVENTS["order.failed"]) await consequence(tx, { order: failed, at });
  return failed;
}
