import { deskTender } from "./desk/tender";
import { demoTender } from "./demo/tender";
import { giftCardTender } from "./gift-card/tender";
import { mobilepayTender } from "./mobilepay/tender";
import { stripeTender } from "./stripe/tender";
import type { Tender } from "./tender";

const TENDERS: Record<string, Tender> = {
  demo: demoTender,
  stripe: stripeTender,
  mobilepay: mobilepayTender,
  desk: deskTender,
  gift_card: giftCardTender,
};

/**
 * The facts of the tender an order was paid with (its `provider`). A name of no tender reads as the
 * demo's (a card payment, refundable), as the journal and the refund rule read one before.
 */
export function tenderOf(provider: string): Tender {
  return TENDERS[provider] ?? demoTender;
}
