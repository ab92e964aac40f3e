/** The ways an order is paid: its `provider` column. */
export type TenderName = "demo" | "stripe" | "mobilepay" | "desk" | "gift_card";

/**
 * What the rest of the app needs to know about a way of paying without calling it: plain facts, no
 * network and no database, so the journal, the orders page and order writing read them without
 * importing a provider's client. Each tender's adapter (payment-provider.ts) is these facts and its
 * behaviour.
 */
export type Tender = {
  readonly name: TenderName;
  /** How the journal names its payments: `card` (Stripe, the demo), `mobilepay`, `desk`, `gift_card`. */
  readonly journalMethod: "card" | "mobilepay" | "desk" | "gift_card";
  /** The bookkeeping account its money arrives on (the accounting settings' field; a gift card: its liability). */
  readonly clearingAccount: "cardClearingAccount" | "mobilepayClearingAccount" | "giftCardLiability";
  /**
   * Whether a price paid in instalments is bought in parts through it (its first instalment now,
   * the others billed later), or in whole (the desk takes the whole price at once).
   */
  readonly paysInParts: boolean;
  /**
   * Whether a refund of it moves money back at the provider before it is recorded. Then a refund
   * that finds the order refunded meanwhile (by a concurrent request, or by the provider's own
   * report of that refund) answers the refunded order; else it is refused as any unrefundable one.
   */
  readonly refundsMoney: boolean;
  /** Whether a paid order of it can be refunded now (a Stripe one only once its PaymentIntent is known). */
  refundable(order: { paymentIntentId: string | null }): boolean;
};
