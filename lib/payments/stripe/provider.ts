import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { connectedAccountOrThrow } from "./connected-account-or-throw";
import type { CheckoutBilling, CheckoutOpening, PaymentProvider } from "../payment-provider";
import { checkoutPaymentMethods, type PaymentMethod } from "../payment-methods";
import { stopSubscriptionOfRefund } from "./instalments";
import { refundStripePayment } from "./refund-payment";
import { stripePaymentEvents } from "./payment-events";
import { onAccount, stripeSubscriptionId, type ProviderSubscriptionRef } from "./on-account";
import { stripeTender } from "./tender";

/** What a Checkout Session is opened with for a pending order. */
export type HostedCheckoutInput = CheckoutBilling & {
  orderId: string;
  accountId: string;
  /** A same-origin path (`/studio/classes/…`) the buyer comes back to from the payment page; null: the home page. */
  returnPath?: string | null;
  buyerEmail: string;
  productName: string;
  /** Minor units off the first payment (a promo code); 0 for none. */
  firstPaymentDiscount: number;
  currency: string;
  /** Stripe Connect: the studio's connected account the payment is made on (a direct charge). */
  connectedAccountId: string | null;
  /** When the payment page closes unpaid (a course's held seats); null: Stripe's default. */
  expiresAt?: Date | null;
  /** The methods the payment page offers (card-only for subscriptions). */
  paymentMethods: PaymentMethod[];
};

/** The studio's side of a Stripe checkout: its active connected account and the methods it offers. */
type StripePayee = { stripeAccountId: string; paymentMethods: string[] };

/**
 * Stripe Checkout, as a direct charge on the studio's connected account (`Stripe-Account`; decision
 * 0018) with the platform's fee (PLATFORM_FEE_PERCENT) as an application fee: `application_fee_amount`
 * on a one-off payment, `application_fee_percent` on a subscription. One-off prices open a session
 * in `payment` mode, subscription prices in `subscription` mode; the price travels inline
 * (`price_data`), so no Stripe product catalogue has to be kept in step. `metadata` (and the
 * subscription's metadata) carry the order and account ids the webhook needs. Renewals are billed
 * by Stripe and reported by `invoice.paid`, not by our job. A promo code's discount: a one-off price
 * is charged less it; a subscription keeps its full recurring price and gets a Stripe coupon of
 * `duration: "once"`, so only the first invoice is less. Refunds go through the Refunds API
 * (refund-payment.ts); a refund that revoked a subscription's entitlement cancels the subscription
 * (instalments.ts). `stripe`: the client, built when first needed (none without STRIPE_SECRET_KEY).
 */
export function createStripeProvider(stripe: () => Stripe): PaymentProvider<StripePayee> {
  return {
    ...stripeTender,
    settlement: "hosted",
    renewsByJob: false,
    checkoutPayee: (db) => connectedAccountOrThrow(db),
    async openCheckout(payee, opening) {
      const session = await createCheckoutSession(stripe(), checkoutInput(payee, opening));
      return {
        checkoutUrl: session.checkoutUrl,
        refs: { providerRef: session.providerRef, stripeAccountId: payee.stripeAccountId },
      };
    },
    // Stripe tells by webhook (handle-event.ts applies them); nothing of it is polled.
    paymentEvents: async (report, now) =>
      report.source === "webhook" ? stripePaymentEvents(report.body as Stripe.Event, now) : [],
    async refund(_db, order, amount) {
      if (!order.paymentIntentId) return; // refundable() refused it before
      try {
        await refundStripePayment(stripe(), {
          orderId: order.id,
          paymentIntentId: order.paymentIntentId,
          connectedAccountId: order.stripeAccountId,
          amount,
          refundedBefore: order.refundedAmount,
        });
      } catch (error) {
        log.error("Stripe failed to refund an order", {
          orderId: order.id,
          errorName: error instanceof Error ? error.name : typeof error,
        });
        throw new AppError("service_unavailable", { retryAfter: 5 });
      }
    },
    async cancelAtPeriodEnd(_db, { entitlement, order }) {
      if (env().PAYMENTS_PROVIDER !== "stripe") {
        // Payments were switched away from Stripe: its subscription cannot be reached from here.
        log.warn("Stripe subscription cancelled here only: payments provider is not stripe", {
          entitlementId: entitlement.id,
        });
        return;
      }
      try {
        await cancelStripeSubscription(stripe(), {
          subscriptionId: entitlement.providerSubscriptionId,
          checkoutRef: order.providerRef,
          connectedAccountId: order.stripeAccountId,
        });
      } catch (error) {
        log.error("Stripe refused to cancel a subscription", {
          entitlementId: entitlement.id,
          errorName: error instanceof Error ? error.name : typeof error,
        });
        throw new AppError("service_unavailable", { retryAfter: 5 });
      }
    },
    stopBillingOfRevoked: (db, order) => stopSubscriptionOfRefund({ db, stripe, order }),
  };
}

/** The Checkout Session of a pending order, on the studio's connected account, with the methods its price allows. */
function checkoutInput(payee: StripePayee, opening: CheckoutOpening): HostedCheckoutInput {
  const { order, product, price, studio } = opening;
  return {
    orderId: order.id,
    accountId: studio.id,
    returnPath: opening.returnPath,
    buyerEmail: opening.buyerEmail,
    productName: product.name,
    ...opening.billing,
    // A promo code's discount and what a gift card paid: the first payment charges less by both.
    firstPaymentDiscount: order.discountAmount + order.giftCardAmount,
    currency: price.currency,
    connectedAccountId: payee.stripeAccountId,
    // A course's seats are held while its payment is open: not for Stripe's default 24 hours.
    expiresAt: opening.expiresAt,
    paymentMethods: checkoutPaymentMethods(payee.paymentMethods, {
      currency: price.currency,
      subscription: price.interval !== null || price.instalments !== null,
    }),
  };
}

async function createCheckoutSession(
  stripe: Stripe,
  input: HostedCheckoutInput,
): Promise<{ providerRef: string; checkoutUrl: string }> {
  const metadata = { orderId: input.orderId, accountId: input.accountId };
  const appUrl = env().APP_URL;
  const subscription = input.interval !== null;
  const charged = subscription ? input.amount : Math.max(0, input.amount - input.firstPaymentDiscount);
  const fee = applicationFee(input.connectedAccountId, charged);
  const discounts =
    subscription && input.firstPaymentDiscount > 0 ? [{ coupon: await firstPaymentCoupon(stripe, input) }] : undefined;
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
}

/** Where Stripe sends the buyer back: their return path (the class they bought from) or the home page, with the outcome. */
function returnUrl(appUrl: string, input: HostedCheckoutInput, outcome: "success" | "cancelled"): string {
  const path = input.returnPath ?? "/";
  const separator = path.includes("?") ? "&" : "?";
  return `${appUrl}${path}${separator}checkout=${outcome}&order=${encodeURIComponent(input.orderId)}`;
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
