import type { Tender } from "../tender";

/**
 * Stripe's facts: a card payment, refunded through the Refunds API, which names its PaymentIntent (a
 * subscription's order gets it when `invoice.paid` reports it: not refundable before).
 */
export const stripeTender: Tender = {
  name: "stripe",
  journalMethod: "card",
  clearingAccount: "cardClearingAccount",
  paysInParts: true,
  refundsMoney: true,
  refundable: (order) => order.paymentIntentId !== null,
};
