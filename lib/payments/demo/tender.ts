import type { Tender } from "../tender";

/** The demonstration provider's facts: no money moves, a payment counts as a card payment. */
export const demoTender: Tender = {
  name: "demo",
  journalMethod: "card",
  clearingAccount: "cardClearingAccount",
  paysInParts: true,
  refundsMoney: false,
  refundable: () => true,
};
