import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import type { HostedCheckoutInput, PaymentProvider, ProviderSubscriptionRef } from "@/lib/payments/payment-provider";

/**
 * Stripe Checkout, as a direct charge on the studio's connected account (`Stripe-Account`; decision
 * 0018) with the platform's fee (PLATFORM_FEE_PERCENT) as an application fee: `application_fee_amount`
 * on a one-off payment, `application_fee_percent` on a subscription. One-off prices open a session
 * in `payment` mode, subscription prices in `subscription` mode; the price travels inline
 * (`price_data`), so no Stripe product catalogue has to be kept in step. `metadata` (and the
 * subscription's metadata) carry the order and account ids the webhook needs. Renewals are billed
 * by Stripe and reported by `invoice.paid`, not by our job. A promo code's discount: a one-off price
 * is charged less it; a subscription keeps its full recurring price and gets a Stripe coupon of
 * `duration: "once"`, so only the first invoice is less.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    settlement: "hosted",
    renewsByJob: false,
    async createHostedCheckout(input: HostedCheckoutInput) {
      const metadata = { orderId: input.orderId, accountId: input.accountId };
      const appUrl = env().APP_URL;
      const subscription = input.interval !== null;
      const charged = subscription ? input.amount : Math.max(0, input.amount - input.firstPaymentDiscount);
      const fee = applicationFee(input.connectedAccountId, charged);
      const discounts =
        subscription && input.firstPaymentDiscount > 0
          ? [{ coupon: await firstPaymentCoupon(stripe, input) }]
          : undefined;
      const session = await stripe.checkout.sessions.create(
        {
          mode: subscription ? "subscription" : "payment",
          allowed_payment_method_types: input.paymentMethods,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: charged,
                product_data: { name: input.productName },
                ...(input.interval
                  ? { recurring: { interval: input.interval, interval_count: input.intervalCount ?? 1 } }
                  : {}),
              },
            },
          ],
          ...(discounts ? { discounts } : {}),
          ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
          customer_email: input.buyerEmail,
          client_reference_id: input.orderId,
          metadata,
          ...(subscription
            ? { subscription_data: { metadata, ...(fee ? { application_fee_percent: fee.percent } : {}) } }
            : { payment_intent_data: { metadata, ...(fee ? { application_fee_amount: fee.amount } : {}) } }),
          success_url: returnUrl(appUrl, input, "success"),
          cancel_url: returnUrl(appUrl, input, "cancelled"),
        },
        // A retried request for the same order opens no second session.
        { idempotencyKey: `checkout-${input.orderId}`, ...onAccount(input.connectedAccountId) },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a url");
      return { providerRef: session.id, checkoutUrl: session.url };
    },
    cancelAtPeriodEnd: (ref) => cancelStripeSubscription(stripe, ref),
  };
}

/** Where Stripe sends the buyer back: their return path (the class they bought from) or the home page, with the outcome. */
function returnUrl(appUrl: string, input: HostedCheckoutInput, outcome: "success" | "cancelled"): string {
  const path = input.returnPath ?? "/";
  const separator = path.includes("?") ? "&" : "?";
  return `${appUrl}${path}${separator}checkout=${outcome}&order=${encodeURIComponent(input.orderId)}`;
}

/** Request options that send a request to a connected account (the `Stripe-Account` header). */
export function onAccount(connectedAccountId: string | null | undefined): { stripeAccount?: string } {
  return connectedAccountId ? { stripeAccount: connectedAccountId } : {};
}

/** The platform's fee on a direct charge of `amount` minor units; none on its own account or at 0 %. */
function applicationFee(connectedAccountId: string | null, amount: number): { percent: number; amount: number } | null {
  const percent = env().PLATFORM_FEE_PERCENT;
  if (!connectedAccountId || percent <= 0) return null;
  return { percent, amount: Math.round((amount * percent) / 100) };
}

/**
 * `cancel_at_period_end` on the Stripe subscription: Stripe bills no further period. Its id is kept
 * from checkout.session.completed; for a subscription bought before that, the Checkout Session names it.
 */
async function cancelStripeSubscription(stripe: Stripe, ref: ProviderSubscriptionRef): Promise<void> {
  const id = await stripeSubscriptionId(stripe, ref);
  if (!id) throw new Error("no Stripe subscription to cancel");
  await stripe.subscriptions.update(id, { cancel_at_period_end: true }, onAccount(ref.connectedAccountId));
}

/** The Stripe subscription's id: kept from checkout.session.completed, or named by its Checkout Session. */
export async function stripeSubscriptionId(
  stripe: Stripe,
  { subscriptionId, checkoutRef, connectedAccountId }: ProviderSubscriptionRef,
): Promise<string | null> {
  if (subscriptionId || !checkoutRef) return subscriptionId ?? null;
  const session = await stripe.checkout.sessions.retrieve(checkoutRef, {}, onAccount(connectedAccountId));
  return typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
}

/** A one-time coupon for this order's first invoice (one per order: a retry reuses it). */
async function firstPaymentCoupon(stripe: Stripe, input: HostedCheckoutInput): Promise<string> {
  const coupon = await stripe.coupons.create(
    {
      amount_off: input.firstPaymentDiscount,
      currency: input.currency.toLowerCase(),
      duration: "once",
      max_redemptions: 1,
      metadata: { orderId: input.orderId, accountId: input.accountId },
    },
    { idempotencyKey: `coupon-${input.orderId}`, ...onAccount(input.connectedAccountId) },
  );
  return coupon.id;
}
