import type { Locale } from "@/lib/i18n/locales";

/**
 * Everything a receipt shows, as plain data (it crosses into the email worker threads): the order as
 * it was paid, the seller as the studio's legal details stand, the buyer and the language.
 */
export type ReceiptFacts = {
  orderId: string;
  /** The language of the receipt: the buyer's (emailLocale). */
  language: Locale;
  /** The locale tag numbers and dates are written in: the studio's when it speaks `language`, else `language`. */
  formatLocale: string;
  timezone: string;
  seller: { name: string; address: string | null; vatNumber: string | null };
  /** Who paid: the holder, or a dependant's guardian. `email` is the stored one (a stand-in is never shown). */
  buyer: { name: string; email: string };
  /** The holder's name when the buyer paid for someone else (their child): "for Liva"; else null. */
  paidFor: string | null;
  receiptNumber: number;
  /** ISO date-times. */
  paidAt: string;
  /** Set on a refunded order: its receipt is a credit note. */
  refundedAt: string | null;
  item: string;
  amount: number;
  discountAmount: number;
  currency: string;
  vatAmount: number | null;
  vatRateBasisPoints: number | null;
  /** Set on one refund's credit note (its own number): what that refund gave back, and when. */
  creditNote?: CreditNoteFacts | null;
  /** What the payment email says of the right of withdrawal; null (or absent): nothing (a desk sale, a renewal). */
  withdrawal?: ReceiptWithdrawal | null;
  /** The studio's terms of sale the order was bought under, and their page at that version; null without. */
  terms?: { version: number; url: string } | null;
  /** The order sold a gift card: no VAT now, it is settled when the card is spent (decision 0051). */
  giftCardSale?: boolean;
  /** A gift card paid (part of) the order, or of one refund's credit note: which, how much, and the rest's way. */
  paidByGiftCard?: GiftCardPayment | null;
};

/**
 * What a gift card paid of a receipt's amount (a credit note's: what went back to it), shown as
 * "Betalt med gavekort ····ABCD"; `rest` was paid (or refunded) the order's other way, `method`.
 */
export type GiftCardPayment = { last4: string; amount: number; rest: number; method: string };

/**
 * The right of withdrawal of an online purchase as its payment email tells it (FAL §18–22, decision
 * 0049): the period's end (ISO), whether the buyer asked to start at once (then what was used is
 * paid for), the studio's slug for the withdrawal page's link and the seller the standard form is
 * addressed to; or why a dated purchase has none.
 */
export type ReceiptWithdrawal =
  | {
      kind: "right";
      days: number;
      until: string;
      startNow: boolean;
      slug: string;
      seller: { name: string; address: string | null; email: string | null };
    }
  | { kind: "exempt"; reason: "drop_in" | "dated_course" };

/** One refund's credit note: its number (a series of its own per studio), amount and VAT given back, and when. */
export type CreditNoteFacts = {
  number: number;
  amount: number;
  vatAmount: number | null;
  /** ISO date-time. */
  refundedAt: string;
  /** Classes the refund took off a class pass, if any. */
  classes: number | null;
};

/** The file name a receipt (or a refund's credit note) is offered under. */
export function receiptFileName(facts: Pick<ReceiptFacts, "receiptNumber" | "creditNote">): string {
  return facts.creditNote ? `credit-note-${facts.creditNote.number}.pdf` : `receipt-${facts.receiptNumber}.pdf`;
}
