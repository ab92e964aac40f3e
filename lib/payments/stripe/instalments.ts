import "server-only";
import type { Order } from "@prisma/client";
import type Stripe from "stripe";
import { tenantDb, type TenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { onAccount, stripeSubscriptionId } from "./on-account";
import { addBillingPeriod } from "@/lib/commerce/entitlement-terms";
import { createOrder } from "@/lib/orders/create-order";
import { markFailed, markPaid } from "@/lib/orders/order-status";
import { noticeFailedInstalment } from "@/lib/commerce/notice-failed-instalment";

type OrderRef = { orderId: string; accountId: string };

/**
 * A price paid in instalments is a monthly Stripe subscription of its first instalment on the
 * studio's connected account (provider.ts). Before a paid invoice of one is recorded, the
 * subscription is told what Stripe cannot be told at checkout: on its first invoice, to end itself
 * after the last instalment (`cancel_at`: the first period's start plus `instalments` months, no
 * proration); on the invoice before the last, to add the remainder of the price to the last. Both
 * are idempotent at Stripe, so a redelivery after a failure repeats them harmlessly. Whether the
 * invoice pays instalments (else the caller records it as any subscription's).
 */
export async function prepareInstalmentInvoice({
  stripe,
  ref,
  invoice,
  connectedAccountId,
}: {
  stripe: () => Stripe;
  ref: OrderRef;
  invoice: Stripe.Invoice;
  connectedAccountId: string | null;
}): Promise<boolean> {
  const db = tenantDb(ref.accountId);
  const first = await db.order.findFirst({ where: { id: ref.orderId, provider: "stripe", instalment: 1 } });
  const subscription = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof subscription === "string" ? subscription : subscription?.id;
  if (!first?.instalments || !subscriptionId) return false;
  // A connected account's event about an order another account took: once() ignores it.
  if (connectedAccountId && first.stripeAccountId !== connectedAccountId) return false;
  const options = onAccount(connectedAccountId);
  if (invoice.billing_reason === "subscription_create") {
    const start = invoice.lines?.data[0]?.period?.start ?? invoice.created ?? Math.floor(Date.now() / 1000);
    const firstPeriodStart = new Date(start * 1000);
    const cancelAt = addBillingPeriod(firstPeriodStart, "month", first.instalments);
    await stripe().subscriptions.update(
      subscriptionId,
      { cancel_at: Math.floor(cancelAt.getTime() / 1000), proration_behavior: "none" },
      options,
    );
  }
  const instalment = await instalmentOfInvoice(db, first, invoice);
  const remainder = await remainderOf(db, first);
  if (instalment === first.instalments - 1 && remainder > 0) {
    const customer = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
    await stripe().invoiceItems.create(
      { customer, subscription: subscriptionId, amount: remainder, currency: first.currency.toLowerCase() },
      { idempotencyKey: `instalment-remainder-${first.id}`, ...options },
    );
  }
  return true;
}

/**
 * A later instalment paid (`invoice.paid` of a subscription paying instalments, not its first):
 * a paid order linked to the first, of the invoice's amount, with its PaymentIntent and receipt
 * email; an instalment that failed before (its invoice retried) becomes paid. Exactly once: the
 * order's `providerRef` is the invoice, and (instalmentOf, instalment) is unique.
 */
export async function recordInstalmentPaid(
  tx: TenantTx,
  {
    ref,
    invoice,
    paymentIntentId,
    now,
  }: { ref: OrderRef; invoice: Stripe.Invoice; paymentIntentId: string | null; now: Date },
): Promise<"renewed" | "duplicate" | "ignored"> {
  const first = await tx.order.findFirst({ where: { id: ref.orderId, provider: "stripe", instalment: 1 } });
  if (!first?.instalments) return "ignored";
  const earlier = await tx.order.findFirst({ where: { providerRef: invoice.id } });
  if (earlier?.status === "failed") {
    const paid = await markPaid(tx, earlier, {
      at: now,
      refs: { paymentIntentId },
      amount: invoice.amount_paid,
      payment: { for: "instalment" },
    });
    return paid ? "renewed" : "duplicate";
  }
  if (earlier) return "duplicate";
  const instalment = await instalmentOfInvoice(tx, first, invoice);
  if (instalment > first.instalments)
    log.error("Stripe billed an instalment beyond the last", { orderId: first.id, instalment });
  const order = await createOrder(tx, {
    userId: first.userId,
    productId: first.productId,
    price: { id: first.priceId, accountId: first.accountId, amount: invoice.amount_paid, currency: first.currency },
    provider: "stripe",
    providerRef: invoice.id,
    paymentIntentId,
    stripeAccountId: first.stripeAccountId,
    instalment: instalment <= first.instalments ? { of: first.id, instalment, instalments: first.instalments } : null,
  });
  await markPaid(tx, order, { at: now, payment: { for: "instalment" } });
  return "renewed";
}

/**
 * A later instalment not paid (`invoice.payment_failed` of a subscription paying instalments): a
 * `failed` order for it, linked to the first, and an email to the buyer and to each administrator
 * (noticeFailedInstalment). Stripe retries the card; its further failures of the same invoice add
 * nothing, and its success makes the order paid (recordInstalmentPaid). Nobody is unenrolled.
 */
export async function recordInstalmentFailed(
  tx: TenantTx,
  { ref, invoice }: { ref: OrderRef; invoice: Stripe.Invoice },
): Promise<"failed" | "duplicate" | "ignored"> {
  if (invoice.billing_reason === "subscription_create") return "ignored"; // the checkout's own payment
  const first = await tx.order.findFirst({ where: { id: ref.orderId, provider: "stripe", instalment: 1 } });
  if (!first?.instalments) return "ignored";
  if (await tx.order.findFirst({ where: { providerRef: invoice.id }, select: { id: true } })) return "duplicate";
  const instalment = await instalmentOfInvoice(tx, first, invoice);
  if (instalment > first.instalments) return "ignored";
  const order = await createOrder(tx, {
    userId: first.userId,
    productId: first.productId,
    price: { id: first.priceId, accountId: first.accountId, amount: invoice.amount_due, currency: first.currency },
    provider: "stripe",
    providerRef: invoice.id,
    stripeAccountId: first.stripeAccountId,
    instalment: { of: first.id, instalment, instalments: first.instalments },
  });
  const failed = await markFailed(tx, order, { at: new Date() });
  await noticeFailedInstalment(tx, { accountId: ref.accountId, order: failed! });
  return "failed";
}

/**
 * After a refund revoked what a Stripe subscription pays for (a card membership refunded at its
 * first order, or a purchase in instalments at its first instalment): the subscription is cancelled
 * at once, so nothing more is billed for what the member no longer has. A failure is logged (the
 * refund stands; the studio can cancel the subscription in Stripe). A renewal's or a later
 * instalment's refund revokes nothing: the subscription goes on.
 */
export async function stopSubscriptionOfRefund({
  db,
  stripe,
  order,
}: {
  db: TenantDb;
  stripe: () => Stripe;
  order: Order;
}): Promise<void> {
  const entitlement = await db.entitlement.findFirst({
    where: { orderId: order.id, status: "revoked" },
    select: { providerSubscriptionId: true, product: { select: { type: true } } },
  });
  if (!entitlement || (!entitlement.providerSubscriptionId && entitlement.product.type !== "subscription")) return;
  try {
    const id = await stripeSubscriptionId(stripe(), {
      subscriptionId: entitlement.providerSubscriptionId,
      checkoutRef: order.providerRef,
      connectedAccountId: order.stripeAccountId,
    });
    if (id) await stripe().subscriptions.cancel(id, {}, onAccount(order.stripeAccountId));
  } catch (error) {
    log.error("Stripe failed to cancel the subscription of a refunded order", {
      orderId: order.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  }
}

type OrderReader = Pick<TenantTx, "order" | "price">;

/** Which instalment an invoice pays: 1 for the subscription's first, else its order's, else the next. */
async function instalmentOfInvoice(db: OrderReader, first: Order, invoice: Stripe.Invoice): Promise<number> {
  if (invoice.billing_reason === "subscription_create") return 1;
  const recorded = await db.order.findFirst({ where: { providerRef: invoice.id }, select: { instalment: true } });
  if (recorded?.instalment) return recorded.instalment;
  return (await db.order.count({ where: { instalmentOf: first.id } })) + 2;
}

/** Minor units of the price the equal monthly instalments leave over: added to the last. */
async function remainderOf(db: OrderReader, first: Order): Promise<number> {
  const price = await db.price.findFirst({ where: { id: first.priceId }, select: { amount: true } });
  const part = first.amount + first.discountAmount;
  const remainder = (price?.amount ?? 0) - part * first.instalments!;
  return remainder > 0 && remainder < first.instalments! ? remainder : 0;
}
