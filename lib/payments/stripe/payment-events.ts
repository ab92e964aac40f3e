import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { tenantDb, type TenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import type { PaidFor, PaymentEvent, PaymentEventKind } from "@/lib/orders/payment-event";
import type { PaymentRefs } from "@/lib/orders/order-status";

export type OrderRef = { orderId: string; accountId: string };

type Reported = {
  ref: OrderRef | undefined;
  kind: PaymentEventKind;
  refs?: PaymentRefs;
  payment?: PaidFor;
  refundedTotal?: number;
};

/**
 * The payment events of a verified Stripe event: a Checkout Session paid (`checkout.session.completed`
 * unless its delayed payment is still unpaid, `checkout.session.async_payment_succeeded`), closed
 * unpaid (`checkout.session.expired`, `checkout.session.async_payment_failed`), or a PaymentIntent
 * refunded in full or in part (`charge.refunded`, with its total refunded so far: a part adds to the
 * order's refunded amount, the rest refunds it). None of any other event, of one naming no order of ours
 * (warned), or of a connected account's event about a studio that account is not connected to.
 */
export async function stripePaymentEvents(event: Stripe.Event, now: Date): Promise<PaymentEvent[]> {
  const reported = await reportedPayment(event);
  if (!reported) return [];
  const { ref, ...said } = reported;
  if (!ref) {
    log.warn("Stripe event without order metadata ignored", { eventType: event.type });
    return [];
  }
  if (event.account && !(await connectedTo(tenantDb(ref.accountId), event.account))) return [];
  return [{ provider: "stripe", eventId: event.id, orderRef: ref, at: now, ...said }];
}

async function reportedPayment(event: Stripe.Event): Promise<Reported | null> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Delayed payment methods complete the session unpaid; async_payment_succeeded follows.
      if (session.payment_status === "unpaid") return null;
      return { ref: orderRef(session.metadata), kind: "paid", ...paidSession(session) };
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return { ref: orderRef(event.data.object.metadata), kind: "failed" };
    case "charge.refunded": {
      const charge = event.data.object;
      const ref = await orderOfPayment(charge.payment_intent);
      // In full: all that is left of the order; a part: what Stripe's total adds (the order stays paid).
      return { ref, kind: "refunded", ...(charge.refunded ? {} : { refundedTotal: charge.amount_refunded }) };
    }
    default:
      return null;
  }
}

/** What a paid session leaves on its order: the session, its PaymentIntent, the subscription billing later periods. */
function paidSession(session: Stripe.Checkout.Session): Pick<Reported, "refs" | "payment"> {
  const paymentIntent = session.payment_intent;
  const subscription = session.subscription;
  return {
    refs: {
      providerRef: session.id,
      // Subscriptions pay by invoice: their session has no PaymentIntent (the first invoice's is kept).
      ...(paymentIntent
        ? { paymentIntentId: typeof paymentIntent === "string" ? paymentIntent : paymentIntent.id }
        : {}),
    },
    payment: {
      for: "purchase",
      providerSubscriptionId: typeof subscription === "string" ? subscription : (subscription?.id ?? null),
    },
  };
}

/** The order and studio a Checkout Session's or a subscription's metadata name. */
export function orderRef(metadata: Stripe.Metadata | null | undefined): OrderRef | undefined {
  const orderId = metadata?.orderId;
  const accountId = metadata?.accountId;
  return orderId && accountId ? { orderId, accountId } : undefined;
}

/** The order a PaymentIntent paid, found across accounts: the event names no account. */
async function orderOfPayment(paymentIntent: string | Stripe.PaymentIntent | null): Promise<OrderRef | undefined> {
  const paymentIntentId = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
  if (!paymentIntentId) return undefined;
  const order = await db.order.findUnique({ where: { paymentIntentId }, select: { id: true, accountId: true } });
  return order ? { orderId: order.id, accountId: order.accountId } : undefined;
}

/** Whether the studio of `db` (a tenant's, or its transaction) is the one connected to Stripe account `stripeAccountId`. */
export async function connectedTo(db: TenantDb | TenantTx, stripeAccountId: string): Promise<boolean> {
  return (await db.accountPayments.count({ where: { stripeAccountId } })) > 0;
}
