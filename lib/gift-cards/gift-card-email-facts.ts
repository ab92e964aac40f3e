// What a gift card's email and its PDF card say, formatted in the reader's language and the studio's
// zone when it is sent (gift-card-email-jobs.ts). Shared by the drain and the email worker, which
// renders it: types and one link, no server-only.
import type { Locale } from "@/lib/i18n/locales";

/** The printed card (render-gift-card-pdf.ts): the code and the QR of the link that fills it in. */
export type GiftCardPdfFacts = {
  language: Locale;
  studioName: string;
  /** The studio's accent colour (#rrggbb), or null: the default. */
  accentColor: string | null;
  /** The product's design: `logo` puts the studio's name on the colour as its mark, `colour` the colour alone. */
  design: "logo" | "colour";
  recipientName: string;
  buyerName: string;
  message: string | null;
  /** "500,00 kr.": what it was issued with. */
  amount: string;
  /** Grouped 4-4-4. */
  code: string;
  link: string;
  /** "4. december 2029": the last day it can be spent. */
  validUntil: string;
  /** Months it is valid when shorter than the 36 the law presumes (stated in words); else null. */
  shorterValidityMonths: number | null;
  last4: string;
};

type Common = {
  /** The address it goes to and whom it greets. */
  to: string;
  greetName: string;
  language: Locale;
  studioName: string;
};

/** On its day, to the recipient: who it is from, the message, the card. */
export type GiftCardRecipientFacts = Common & { kind: "recipient"; card: GiftCardPdfFacts; studioUrl: string };

/** When it is issued, to the buyer: the card to pass on, or a copy of what the recipient gets on `deliverDay`. */
export type GiftCardBuyerCopyFacts = Common & {
  kind: "buyer_copy";
  card: GiftCardPdfFacts;
  studioUrl: string;
  /** Where and when the recipient's email goes ("24. december"); null: the buyer passes it on. */
  scheduled: { email: string; day: string } | null;
};

/** To the holder, 60 and 14 days before the expiry day (`daysBefore`), and on expiry (0). */
export type GiftCardExpiryFacts = Common & {
  kind: "expiry_notice";
  daysBefore: number;
  last4: string;
  /** "320,00 kr.": left to spend, or (on expiry) what it expired with. */
  balance: string;
  /** "4. december 2029": its last day. */
  validUntil: string;
  /** On expiry: the last day it can be paid out (12 months after). */
  payoutUntil: string;
  studioUrl: string;
  /** The member's page, where "Få pengene udbetalt" is. */
  meUrl: string;
};

export type GiftCardEmailFacts = GiftCardRecipientFacts | GiftCardBuyerCopyFacts | GiftCardExpiryFacts;

/** The link a card's QR holds: the studio's gift card page with the code filled in. */
export function giftCardLink(appUrl: string, slug: string, code: string): string {
  return `${appUrl}/${encodeURIComponent(slug)}/gavekort?kode=${encodeURIComponent(code)}`;
}
