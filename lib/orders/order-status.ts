import "server-only";
import type { Entitlement, Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { ORDER_EVENTS, type Payment } from "./order-events";

/** The payment's own references, kept on the order: what a refund or a provider's event names. */
export type PaymentRefs = { providerRef?: string; paymentIntentId?: string | null };

/** The only writers of an order's status; each runs what its new status brings (order-events.ts). */

/**
 * A `pending` order (or a `failed` one whose payment went through after all: a retried instalment)
 * becomes `paid` at `at`, in the caller's transaction: its receipt number and VAT (issue-receipts.ts),
 * the provider's references, and `amount` where the provider charged another (an invoice), then
 * everything "order.paid" lists. The update is conditional on the status `order` was read with, so
 * a payment reported twice is applied once: null when it had changed meanwhile. The entitlement the
 * payment granted or extended, as it is after the payment.
 */
export async function markPaid(
  tx: TenantTx,
  order: Pick<Order, "id" | "status">,
  { at, refs = {}, amount, payment }: { at: Date; refs?: PaymentRefs; amount?: number; payment: Payment },
): Promise<{ order: Order; entitlement: Entitlement | null } | null> {
  if (order.status !== "pending" && order.status !== "failed") return null;
  const [changed] = await tx.order.updateManyAndReturn({
    where: { id: order.id, status: order.status },
    data: { status: "paid", paidAt: at, ...refs, ...(amount === undefined ? {} : { amount }) },
  });
  if (!changed) return null;
  const paid = await tx.order.update({ where: { id: changed.id }, data: await issueReceipt(tx, changed) });
  const event = { order: paid, at, payment, entitlement: null };
  for (const consequence of ORDER_EVENTS["order.paid"]) await consequence(tx, event);
  return { order: paid, entitlement: event.entitlement };
}

/**
 * A `paid` order becomes `refunded` at `at` (in full), in the caller's transaction, and everything
 * "order.refunded" lists runs; what it lists after the commit is the caller's (afterRefund). Null
 * when the order was no longer paid: a refund applies once however often it is asked.
 */
export async function markRefunded(
  tx: TenantTx,
  order: Pick<Order, "id">,
  { at, reason }: { at: Date; reason: string | null },
): Promise<Order | null> {
  const [refunded] = await tx.order.updateManyAndReturn({
    where: { id: order.id, status: "paid" },
    data: { status: "refunded", refundedAt: at, refundReason: reason },
  });
  if (!refunded) return null;
  for (const consequence of ORDER_EVENTS["order.refunded"]) await consequence(tx, { order: refunded, at });
  return refunded;
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
