import "server-only";
import type Stripe from "stripe";
import { tenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import type { TenantTx } from "@/lib/db/tenant-db";
import { invoicePaymentIntent } from "./invoice-payment-intent";
import { stripeClient } from "./client";
import { applyAccountUpdated } from "./apply-account-updated";
import { afterRefund } from "@/lib/orders/after-refund";
import { applyPaymentEvent, applyPaymentEventOnce, paymentEventApplied } from "@/lib/orders/apply-payment-event";
import { createOrder } from "@/lib/orders/create-order";
import { markPaid } from "@/lib/orders/order-status";
import { createStripeProvider } from "./provider";
import { prepareInstalmentInvoice, recordInstalmentFailed, recordInstalmentPaid } from "./instalments";
import { connectedTo, orderRef, stripePaymentEvents, type OrderRef } from "./payment-events";

export type StripeEventOutcome =
  "fulfilled" | "failed" | "renewed" | "payment_recorded" | "refunded" | "account_updated" | "duplicate" | "ignored";

/**
 * Applies a verified Stripe event exactly once, however often it is delivered: the event id is
 * recorded (`ProcessedPaymentEvent` "stripe:<id>", lib/orders/apply-payment-event.ts) in the same
 * transaction as its effects, and the order changes only from `pending`. A session's outcome and a
 * refund are payment events (payment-events.ts) lib/orders applies; an invoice's, which writes
 * orders of its own (a renewal, an instalment), is this adapter's work under the same record. The
 * platform's webhook and the Connect webhook (events of the studios' connected accounts, which name
 * the `account`) both come here; a connected account's event
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
    default:
      return applyStripePayment(event, stripe);
  }
}

const OUTCOME_OF_KIND = { paid: "fulfilled", failed: "failed", refunded: "refunded" } as const;

/**
 * A session paid or closed unpaid, or a charge refunded: its payment event (payment-events.ts)
 * applied once by lib/orders; after a refund committed, what follows it (afterRefund).
 */
async function applyStripePayment(event: Stripe.Event, stripe: () => Stripe): Promise<StripeEventOutcome> {
  const [payment] = await stripePaymentEvents(event, new Date());
  if (!payment) return "ignored";
  const applied = await applyPaymentEvent(payment);
  const outcome =
    applied.outcome === "applied"
      ? OUTCOME_OF_KIND[payment.kind]
      : applied.outcome === "duplicate"
        ? "duplicate"
        : "ignored";
  log.info("Stripe event handled", { eventType: event.type, orderId: payment.orderRef.orderId, outcome });
  if (applied.outcome === "applied" && payment.kind === "refunded" && applied.order.status === "refunded")
    await afterRefund(tenantDb(payment.orderRef.accountId), applied.order, createStripeProvider(stripe));
  return outcome;
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
  return outcome;
}

/** The id a Stripe event is recorded under once applied (`ProcessedPaymentEvent`). */
export function eventId(event: Stripe.Event): string {
  return `stripe:${event.id}`;
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
