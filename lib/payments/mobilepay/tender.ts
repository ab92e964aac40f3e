import type { Tender } from "../tender";

/** MobilePay through the studio's own sales unit: its own clearing account, refunded through the Recurring API. */
export const mobilepayTender: Tender = {
  name: "mobilepay",
  journalMethod: "mobilepay",
  clearingAccount: "mobilepayClearingAccount",
  paysInParts: true,
  refundsMoney: true,
  refundable: () => true,
};
