import type { GiftCard, GiftCardEntry } from "@prisma/client";
import { Id, IsoDate, text } from "./common";
import { z } from "./zod";

export const GiftCardStatusSchema = z
  .enum(["active", "used", "expired", "cashed_out", "void"])
  .openapi("GiftCardStatus", {
    description:
      "`active`: spendable (its balance above 0, not expired); `used`: spent to 0 (a refund to it makes it `active` again); " +
      "`expired`: past the end of `expiresAt`'s day in the studio's time zone, its balance still payable on request for 12 " +
      "months; `cashed_out`: its balance paid out; `void`: cancelled as sold in error, its order refunded",
  });

export const GiftCardSchema = z
  .object({
    id: Id,
    accountId: Id,
    code: z
      .string()
      .nullable()
      .openapi({
        example: "K7QM-XP3R-9HWD",
        description:
          "The code that spends it, grouped 4-4-4 from an alphabet without look-alikes (no 0/O, 1/I/L). Shown once: in the " +
          "answer of the order that bought it when that order was paid at once (the demo provider, a desk sale); null in every " +
          "later read, which has `last4` only. The database keeps its hash",
      }),
    last4: z.string().openapi({ example: "9HWD" }),
    initialAmount: z.number().int().openapi({ example: 50000, description: "Minor units it was issued with" }),
    balance: z.number().int().openapi({ example: 32000, description: "Minor units left to spend" }),
    currency: z.string().openapi({ example: "DKK" }),
    issuedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().openapi({
      description: "Valid to the end of this instant's day in the studio's time zone (`validityMonths` after issue)",
    }),
    status: GiftCardStatusSchema,
    recipientName: z.string().openapi({ example: "Maja" }),
    orderId: Id.openapi({ description: "The order that bought it" }),
  })
  .openapi("GiftCard");

export const GiftCardEntryKindSchema = z
  .enum(["issue", "redeem", "refund", "cash_out", "void", "expire"])
  .openapi("GiftCardEntryKind");

export const GiftCardEntrySchema = z
  .object({
    at: z.iso.datetime(),
    kind: GiftCardEntryKindSchema,
    amount: z.number().int().openapi({
      example: -20000,
      description:
        "Minor units the balance moved: + for `issue` and `refund`, − for `redeem`, `cash_out`, `void`, `expire`",
    }),
    orderId: Id.nullable().openapi({
      description: "The order it paid (`redeem`), gave back (`refund`) or bought (`issue`)",
    }),
  })
  .openapi("GiftCardEntry");

export const GIFT_CARD_MESSAGE_MAX = 500;

export const GiftCardPurchaseInput = z
  .strictObject({
    recipientName: text().trim().min(1).max(200).openapi({ example: "Maja" }),
    recipientEmail: z.email().max(320).optional().openapi({
      description: "Where the card is emailed on `deliverOn`; without it the buyer gets the card to pass on",
    }),
    message: text().trim().max(GIFT_CARD_MESSAGE_MAX).optional().openapi({ example: "Tillykke med dagen!" }),
    deliverOn: IsoDate.optional().openapi({
      example: "2026-12-24",
      description: "The studio's day the recipient's email goes out: today by default, at most a year ahead",
    }),
  })
  .openapi("GiftCardPurchaseInput");

export type GiftCardDto = z.infer<typeof GiftCardSchema>;
export type GiftCardEntryDto = z.infer<typeof GiftCardEntrySchema>;
export type GiftCardPurchaseInput = z.infer<typeof GiftCardPurchaseInput>;

/** A card as the API answers it; `code` only in the answer of the order that bought it, paid at once. */
export function serializeGiftCard(card: GiftCard, code: string | null = null): GiftCardDto {
  return {
    id: card.id,
    accountId: card.accountId,
    code,
    last4: card.codeLast4,
    initialAmount: card.initialAmount,
    balance: card.balance,
    currency: card.currency,
    issuedAt: card.issuedAt.toISOString(),
    expiresAt: card.expiresAt.toISOString(),
    status: card.status as GiftCardDto["status"],
    recipientName: card.recipientName,
    orderId: card.orderId,
  };
}

export function serializeGiftCardEntry(entry: GiftCardEntry): GiftCardEntryDto {
  return {
    at: entry.at.toISOString(),
    kind: entry.kind as GiftCardEntryDto["kind"],
    amount: entry.amount,
    orderId: entry.orderId,
  };
}
