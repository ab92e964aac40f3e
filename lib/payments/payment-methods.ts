export const PAYMENT_METHODS = ["card", "mobilepay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The currencies Stripe offers MobilePay in. */
export const MOBILEPAY_CURRENCIES = ["DKK", "EUR", "NOK", "SEK"] as const;

/** Whether Stripe offers `method` for a studio whose prices are in `currency`. */
export function methodAllowedFor(method: PaymentMethod, currency: string): boolean {
  return method === "card" || (MOBILEPAY_CURRENCIES as readonly string[]).includes(currency.toUpperCase());
}

/**
 * The methods Stripe Checkout offers for one purchase: subscriptions are card-only (MobilePay is
 * offered for one-off payments only); one-off purchases get the studio's methods that the price's
 * currency allows. Card is always among them.
 */
export function checkoutPaymentMethods(
  studioMethods: readonly string[],
  { currency, subscription }: { currency: string; subscription: boolean },
): PaymentMethod[] {
  if (subscription) return ["card"];
  return PAYMENT_METHODS.filter(
    (method) => method === "card" || (studioMethods.includes(method) && methodAllowedFor(method, currency)),
  );
}
