import "server-only";
import Stripe from "stripe";
import { onAccount } from "./on-account";

/**
 * Refunds `amount` of a Stripe payment through the Refunds API. The idempotency key is the order's
 * and the part's (what was refunded before, and how much), so a retried request refunds once and
 * the next part of the same order is a refund of its own. A payment already refunded (in Stripe's dashboard, its
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
    amount,
    refundedBefore,
  }: {
    orderId: string;
    paymentIntentId: string;
    connectedAccountId: string | null;
    amount: number;
    refundedBefore: number;
  },
): Promise<void> {
  // The first refund of the whole keeps the key it always had, so a retry across a deploy refunds once.
  const part = refundedBefore === 0 ? "" : `-${refundedBefore}-${amount}`;
  try {
    await stripe.refunds.create(
      { payment_intent: paymentIntentId, amount, metadata: { orderId } },
      { idempotencyKey: `refund-${orderId}${part}`, ...onAccount(connectedAccountId) },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
    throw error;
  }
}
