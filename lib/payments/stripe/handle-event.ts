import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import type { TenantTx } from "@/lib/db/tenant-db";
import { invoicePaymentIntent } from "./invoice-payment-intent";
import { stripeClient } from "./client";
import { applyAccountUpdated } from "./apply-account-updated";
import { completePaidOrder } from "@/lib/commerce/complete-paid-order";
import { afterRefund } from "@/lib/orders/after-refund";
import { applyPaymentEventOnce, paymentEventApplied } from "@/lib/orders/apply-payment-event";
import { createOrder } from "@/lib/orders/create-order";
import { markFailed, markPaid, markRefunded } from "@/lib/orders/order-status";
import { createStripeProvider } from "./provider";
import { prepareInstalmentInvoice, recordInstalmentFailed, recordInstalmentPaid } from "./instalments";

export type StripeEventOutcome =
  "fulfilled" | "failed" | "renewed" | "payment_recorded" | "refunded" | "account_updated" | "duplicate" | "ignored";

type OrderRef = { orderId: string; accountId: string };

/**
 * Applies a verified Stripe event exactly once, however often it is delivered: the event id is
 * recorded (`ProcessedPaymentEvent` "stripe:<id>", lib/orders/apply-payment-event.ts) in the same
 * transaction as its effects, and the order changes only from `pending`. The platform's webhook and the Connect webhook (events of the
 * studios' connected accounts, which name the `account`) both come here; a connected account's event
 * about an order of a studio that account is not connected to is ignored. Handled:
 * - `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded`: the order
 *   becomes `paid` and its entitlement is created; a course's buyer is enrolled (enrolInCourse), the
 *   seats held for the order becoming their bookings;
 * - `checkout.session.expired` and `checkout.session.async_payment_failed`: a pending order fails and
 *   gives back its promo code redemption and the seats held for it (the waitlists fill);
 * - `invoice.paid` of a subscription's first period: the order bought at checkout keeps the invoice's
 *   PaymentIntent (a refund names it); of a later period: a paid renewal order (providerRef = invoice
 *   id, with its PaymentIntent) and one more billing period on the subscription's entitlement;
 * - a subscription paying a price in instalments (instalments.ts): its first `invoice.paid`
 *   sets its end (`cancel_at`), a later one records a paid instalment order; `invoice.payment_failed`
 *   of a later one records a failed instalment and emails the buyer and the administrators;
 * - `charge.refunded` (in full) of a paid order's PaymentIntent, e.g. a refund made in Stripe's
 *   dashboard: recorded as POST /orders/{orderId}/refunds records one (markRefunded, then
 *   afterRefund: a revoked membership's subscription is cancelled). A refund we made ourselves finds
 *   the order already `refunded` and changes nothing.
 * - `account.updated` of a studio's connected account: its status (apply-account-updated.ts).
 * Anything else, or an event that names no order of ours, is ignored.
 */
export async function handleStripeEvent({
  event,
  stripe = stripeClient,
}: {
  event: Stripe.Event;
  stripe?: () => Stripe;
}): Promise<StripeEventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Delayed payment methods complete the session unpaid; async_payment_succeeded follows.
      if (session.payment_status === "unpaid") return "ignored";
      return once(event, orderRef(session.metadata), (tx, ref) => fulfilOrder(tx, ref, session));
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return once(event, orderRef(event.data.object.metadata), async (tx, ref) =>
        (await failStripeOrder(tx, ref)) ? "failed" : "ignored",
      );
    case "invoice.paid": {
      const invoice = event.data.object;
      const ref = orderRef(invoice.parent?.subscription_details?.metadata);
      if (!ref) return once(event, ref, async () => "ignored");
      // A redelivery needs no second look-up at Stripe (once() still decides, under its transaction).
      if (await paymentEventApplied(eventId(event))) return "duplicate";
      const paymentIntentId = await invoicePaymentIntent(stripe, invoice, event.account ?? null);
      const connectedAccountId = event.account ?? null;
      const inInstalments = await prepareInstalmentInvoice({ stripe, ref, invoice, connectedAccountId });
      if (inInstalments && invoice.billing_reason !== "subscription_create")
        return once(event, ref, (tx) => recordInstalmentPaid(tx, { ref, invoice, paymentIntentId, now: new Date() }));
      // The first period is the order bought through the Checkout Session (checkout.session.completed).
      if (invoice.billing_reason === "subscription_create")
        return once(event, ref, (tx) => recordFirstPayment(tx, ref, paymentIntentId));
      return once(event, ref, (tx) => renewFromInvoice(tx, ref, invoice, paymentIntentId));
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const ref = orderRef(invoice.parent?.subscription_details?.metadata);
      const outcome = await once(event, ref, (tx, found) => recordInstalmentFailed(tx, { ref: found, invoice }));
      return outcome;
    }
    case "account.updated":
      return applyAccountUpdated(event, event.data.object);
    case "charge.refunded": {
      const charge = event.data.object;
      if (!charge.refunded) return "ignored"; // a partial refund: the order stays paid
      const ref = await orderOfPayment(charge.payment_intent);
      const outcome = await once(event, ref, (tx, found) => refund(tx, found));
      if (outcome === "refunded" && ref) {
        const db = tenantDb(ref.accountId);
        const refunded = await db.order.findFirstOrThrow({ where: { id: ref.orderId } });
        await afterRefund(db, refunded, createStripeProvider(stripe));
      }
      return outcome;
    }
    default:
      return "ignored";
  }
}

/** A pending Stripe order whose session expired or whose delayed payment failed. */
async function failStripeOrder(tx: TenantTx, ref: OrderRef): Promise<boolean> {
  const order = await tx.order.findFirst({ where: { id: ref.orderId, provider: "stripe" }, select: { id: true } });
  return order !== null && (await markFailed(tx, order, { at: new Date() })) !== null;
}

/** The order a PaymentIntent paid, found across accounts: the event names no account. */
async function orderOfPayment(paymentIntent: string | Stripe.PaymentIntent | null): Promise<OrderRef | undefined> {
  const paymentIntentId = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
  if (!paymentIntentId) return undefined;
  const order = await db.order.findUnique({ where: { paymentIntentId }, select: { id: true, accountId: true } });
  return order ? { orderId: order.id, accountId: order.accountId } : undefined;
}

async function refund(tx: TenantTx, ref: OrderRef): Promise<StripeEventOutcome> {
  const order = await markRefunded(tx, { id: ref.orderId }, { at: new Date(), reason: null });
  return order ? "refunded" : "ignored";
}

function orderRef(metadata: Stripe.Metadata | null | undefined): OrderRef | undefined {
  const orderId = metadata?.orderId;
  const accountId = metadata?.accountId;
  return orderId && accountId ? { orderId, accountId } : undefined;
}

async function once(
  event: Stripe.Event,
  ref: OrderRef | undefined,
  work: (tx: TenantTx, ref: OrderRef) => Promise<StripeEventOutcome>,
): Promise<StripeEventOutcome> {
  if (!ref) {
    log.warn("Stripe event without order metadata ignored", { eventType: event.type });
    return "ignored";
  }
  const outcome = await applyPaymentEventOnce(ref.accountId, eventId(event), async (tx) => {
    if (event.account && !(await connectedTo(tx, event.account))) return "ignored";
    return work(tx, ref);
  });
  log.info("Stripe event handled", { eventType: event.type, orderId: ref.orderId, outcome });
  // the payment email; a failed order's seats given back may have promoted people from a waitlist
  return outcome;
}

/** The id a Stripe event is recorded under once applied (`ProcessedPaymentEvent`). */
export function eventId(event: Stripe.Event): string {
  return `stripe:${event.id}`;
}

/** Whether the transaction's studio is the one connected to Stripe account `stripeAccountId`. */
async function connectedTo(tx: TenantTx, stripeAccountId: string): Promise<boolean> {
  return (await tx.accountPayments.count({ where: { stripeAccountId } })) > 0;
}

async function fulfilOrder(tx: TenantTx, ref: OrderRef, session: Stripe.Checkout.Session): Promise<StripeEventOutcome> {
  const order = await tx.order.findFirst({ where: { id: ref.orderId, provider: "stripe", status: "pending" } });
  if (!order) return "ignored";
  const paymentIntent = session.payment_intent;
  const subscription = session.subscription;
  const paid = await completePaidOrder(tx, order, {
    now: new Date(),
    refs: {
      providerRef: session.id,
      // Subscriptions pay by invoice: their session has no PaymentIntent (the first invoice's is kept).
      ...(paymentIntent
        ? { paymentIntentId: typeof paymentIntent === "string" ? paymentIntent : paymentIntent.id }
        : {}),
    },
    providerSubscriptionId: typeof subscription === "string" ? subscription : (subscription?.id ?? null),
  });
  return paid ? "fulfilled" : "ignored";
}

/** The subscription's first invoice paid the checkout's order: it keeps the PaymentIntent a refund needs. */
async function recordFirstPayment(
  tx: TenantTx,
  ref: OrderRef,
  paymentIntentId: string | null,
): Promise<StripeEventOutcome> {
  if (!paymentIntentId) return "ignored";
  const { count } = await tx.order.updateMany({
    where: { id: ref.orderId, provider: "stripe", paymentIntentId: null },
    data: { paymentIntentId },
  });
  return count > 0 ? "payment_recorded" : "ignored";
}

async function renewFromInvoice(
  tx: TenantTx,
  ref: OrderRef,
  invoice: Stripe.Invoice,
  paymentIntentId: string | null,
): Promise<StripeEventOutcome> {
  if (await tx.order.findFirst({ where: { providerRef: invoice.id }, select: { id: true } })) return "duplicate";
  const original = await tx.order.findFirst({ where: { id: ref.orderId, provider: "stripe" } });
  if (!original) return "ignored";
  const now = new Date();
  const entitlement = await tx.entitlement.findFirst({ where: { orderId: original.id } });
  const price = await tx.price.findFirst({ where: { id: entitlement?.priceId ?? original.priceId } });
  const renewal = await createOrder(tx, {
    userId: original.userId,
    productId: original.productId,
    price: {
      id: original.priceId,
      accountId: original.accountId,
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
    },
    provider: "stripe",
    providerRef: invoice.id,
    paymentIntentId,
    stripeAccountId: original.stripeAccountId,
  });
  await markPaid(tx, renewal, { at: now, payment: { for: "renewal", entitlement, price } });
  return "renewed";
}
