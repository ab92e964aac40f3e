import type Stripe from "stripe";

export const STRIPE_ACCOUNT_STATUSES = ["not_connected", "onboarding", "active", "restricted"] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

type AccountFacts = Pick<Stripe.Account, "details_submitted" | "charges_enabled"> & {
  requirements?: { disabled_reason?: string | null } | null;
};

/**
 * What a studio's connected account means for taking payments:
 * - `not_connected`: no account yet;
 * - `active`: Stripe lets it charge and names no reason it is disabled;
 * - `onboarding`: its details are not yet submitted (the studio has an onboarding form to finish);
 * - `restricted`: details submitted, but charges are disabled or Stripe names a disabled reason
 *   (more information wanted, under review, rejected).
 */
export function stripeAccountStatus(account: AccountFacts | null): StripeAccountStatus {
  if (!account) return "not_connected";
  const disabled = Boolean(account.requirements?.disabled_reason);
  if (account.charges_enabled && !disabled) return "active";
  if (!account.details_submitted) return "onboarding";
  return "restricted";
}
