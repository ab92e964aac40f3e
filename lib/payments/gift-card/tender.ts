import type { Tender } from "../tender";

/**
 * An order paid wholly by a gift card (decision 0051): no money moves, the card's balance was debited
 * when the order was placed. The journal moves the amount from the gift card liability to the sale;
 * a refund gives it back to the card.
 */
export const giftCardTender: Tender = {
  name: "gift_card",
  journalMethod: "gift_card",
  clearingAccount: "giftCardLiability",
  paysInParts: false,
  refundsMoney: false,
  refundable: () => true,
};
