import type { Tender } from "../tender";

/** Payment taken at the desk (a grant): the whole price at once, the money already in the studio's hands. */
export const deskTender: Tender = {
  name: "desk",
  journalMethod: "desk",
  clearingAccount: "cardClearingAccount",
  paysInParts: false,
  refundsMoney: false,
  refundable: () => true,
};
