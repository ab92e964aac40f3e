/** What the gift card form sends its action: the fields of POST /checkout's body for a gift card. */
export type GiftCardPurchase = {
  productId: string;
  priceId?: string;
  /** A chosen amount within the product's range, in minor units. */
  amount?: number;
  giftCard: { recipientName: string; recipientEmail?: string; message?: string; deliverOn?: string };
  paymentMethod?: "card" | "mobilepay";
  acceptTerms?: boolean;
};

/** A card bought and paid at once, as the page shows it after paying: its words ready in the page's language. */
export type BoughtGiftCard = {
  design: "logo" | "colour";
  amount: string;
  recipientName: string;
  /** The whole code, grouped 4-4-4: only in this answer, never again. */
  code: string | null;
  last4: string;
  /** "Gyldigt til 4. dec. 2029". */
  validUntil: string;
  /** "Vi sender kortet til Maja den 24. december." */
  delivery: string;
};
