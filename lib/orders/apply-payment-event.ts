import "server-only";
import type { Order } from "@prisma/client";
import { db as rootDb } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS } from "@/lib/db/with-retry";
import { markFailed, markPaid, markRefunded } from "./order-status";
import type { PaymentEvent } from "./payment-event";

/**
 * A payment event a provider reports (a webhook delivery), applied once however often it is told:
 * its id (`<provider>:<event id>`, `ProcessedPaymentEvent`) is recorded in the same transaction as
 * its effects (the status writers of order-status.ts and what they bring), so a redelivery, or two
 * deliveries racing, find it recorded and change nothing: "duplicate". A rollback records nothing,
 * so the provider's next delivery applies it. The provider's adapter turns its event into `work`.
 */
export async function applyPaymentEventOnce<T>(
  accountId: string,
  eventId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T | "duplicate"> {
  return tenantDb(accountId).$transaction(async (tx) => {
    const { count } = await tx.processedPaymentEvent.createMany({ data: [{ id: eventId }], skipDuplicates: true });
    if (count === 0) return "duplicate" as const;
    return work(tx);
  }, TRANSACTION_OPTIONS);
}

/** Whether a payment event was applied already: a redelivery needs no second look-up at the provider. */
export async function paymentEventApplied(eventId: string): Promise<boolean> {
  return (await rootDb.processedPaymentEvent.findUnique({ where: { id: eventId }, select: { id: true } })) !== null;
}

/** The id a payment event is recorded under once applied. */
export const processedEventId = (event: Pick<PaymentEvent, "provider" | "eventId">) =>
  `${event.provider}:${event.eventId}`;

/**
 * What applying an event did: `applied` (the order changed: `order` as it is now), `unchanged` (it
 * names no order of the provider's, or the order had moved on: paid or failed already), or
 * `duplicate` (told before).
 */
export type AppliedPaymentEvent = { outcome: "applied"; order: Order } | { outcome: "unchanged" | "duplicate" };

/**
 * Applies a payment event once (applyPaymentEventOnce): `paid` makes a pending order paid for what
 * it was bought for, or for one more period of the membership its agreement bills (markPaid);
 * `failed` a pending one failed (markFailed); `refunded` a paid one refunded, in full or by the
 * part its total refunded adds (markRefunded; what follows the commit is the caller's, afterRefund). `also`: the provider's own consequence of the
 * change (a membership past due), in the same transaction, only when the order changed.
 */
export async function applyPaymentEvent(
  event: PaymentEvent,
  { also }: { also?: (tx: TenantTx, order: Order) => Promise<void> } = {},
): Promise<AppliedPaymentEvent> {
  const applied = await applyPaymentEventOnce(event.orderRef.accountId, processedEventId(event), async (tx) => {
    const order = await tx.order.findFirst({ where: { id: event.orderRef.orderId, provider: event.provider } });
    const changed = order ? await changeStatus(tx, order, event) : null;
    if (!changed) return { outcome: "unchanged" } as const;
    await also?.(tx, changed);
    return { outcome: "applied", order: changed } as const;
  });
  return applied === "duplicate" ? { outcome: "duplicate" } : applied;
}

async function changeStatus(tx: TenantTx, order: Order, event: PaymentEvent): Promise<Order | null> {
  switch (event.kind) {
    case "paid":
      return order.status === "pending" ? ((await payOrder(tx, order, event))?.order ?? null) : null;
    case "failed":
      return markFailed(tx, order, { at: event.at });
    case "refunded": {
      const amount = newlyRefunded(order, event);
      if (amount === null) return null;
      return (await markRefunded(tx, order, { at: event.at, amount, reason: null }))?.order ?? null;
    }
  }
}

/**
 * What a refund event adds to the order: all that is left when the provider reports no total, else
 * its total refunded past what the order has recorded (a refund we made ourselves is recorded
 * already: nothing); null when nothing is added.
 */
function newlyRefunded(order: Order, { refundedTotal }: PaymentEvent): number | undefined | null {
  if (order.status !== "paid") return null;
  if (refundedTotal === undefined) return undefined;
  const added = Math.min(refundedTotal, order.amount) - order.refundedAmount;
  return added > 0 ? added : null;
}

/** The pending order paid for what the event says it pays for (its purchase by default). */
async function payOrder(tx: TenantTx, order: Order, { at, refs, payment }: PaymentEvent) {
  const price = await tx.price.findFirstOrThrow({ where: { id: order.priceId } });
  if (payment?.for === "renewal") {
    const entitlement = await tx.entitlement.findFirst({
      where: { providerSubscriptionId: payment.providerSubscriptionId },
    });
    return markPaid(tx, order, { at, refs, payment: { for: "renewal", entitlement, price } });
  }
  const product = await tx.product.findFirstOrThrow({ where: { id: order.productId } });
  const providerSubscriptionId = payment?.providerSubscriptionId ?? null;
  return markPaid(tx, order, { at, refs, payment: { for: "purchase", product, price, providerSubscriptionId } });
}
