import "server-only";
import Stripe from "stripe";
import { onAccount } from "./on-account";

/**
 * Refunds a Stripe payment in full through the Refunds API. The idempotency key is the order's, so
 * a retried request refunds once. A payment already refunded (in Stripe's dashboard, its
 * `charge.refunded` not yet here) counts as done. Stripe Connect: the payment is refunded on the
 * connected account that took it (`Stripe-Account`); Stripe gives the application fee back pro rata
 * only when asked, and we do not ask (the platform keeps its fee, as on a card refund of a merchant).
 */
export async function refundStripePayment(
  stripe: Stripe,
  {
    orderId,
    paymentIntentId,
    connectedAccountId,
  }: { orderId: string; paymentIntentId: string; connectedAccountId: string | null },
): Promise<void> {
  try {
    await stripe.refunds.create(
      { payment_intent: paymentIntentId, metadata: { orderId } },
      { idempotencyKey: `refund-${orderId}`, ...onAccount(connectedAccountId) },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}
