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
};

/** The file name a receipt is offered under. */
export function receiptFileName(facts: Pick<ReceiptFacts, "receiptNumber">): string {
  return `receipt-${facts.receiptNumber}.pdf`;
}
