import "server-only";
import Stripe from "stripe";

/**
 * Refunds a Stripe payment in full through the Refunds API. The idempotency key is the order's, so
 * a retried request refunds once. A payment already refunded (in Stripe's dashboard, its
 * `charge.refunded` not yet here) counts as done. Stripe Connect: the studio's account goes in the
 * request options as `stripeAccount` beside the idempotency key.
 */
export async function refundStripePayment(
  stripe: Stripe,
  { orderId, paymentIntentId }: { orderId: string; paymentIntentId: string },
): Promise<void> {
  try {
    await stripe.refunds.create(
      { payment_intent: paymentIntentId, metadata: { orderId } },
      { idempotencyKey: `refund-${orderId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}
