import type Stripe from "stripe";

/** A subscription at Stripe: its id when stored, else the hosted checkout it was bought through. */
export type ProviderSubscriptionRef = {
  subscriptionId: string | null;
  checkoutRef: string | null;
  /** Stripe Connect: the connected account the subscription lives on; null for the platform's own. */
  connectedAccountId: string | null;
};

/** Request options that send a request to a connected account (the `Stripe-Account` header). */
export function onAccount(connectedAccountId: string | null | undefined): { stripeAccount?: string } {
  return connectedAccountId ? { stripeAccount: connectedAccountId } : {};
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
