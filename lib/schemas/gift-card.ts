import type { GiftCard, GiftCardEntry } from "@prisma/client";
import { Id, IsoDate, text } from "./common";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

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

export const GiftCardParams = z.object({ giftCardId: Id });

/** What GET /gift-cards/lookup answers for a code: what is left on it and nothing about who bought it or for whom. */
export const GiftCardLookupSchema = z
  .object({
    balance: z.number().int().openapi({ example: 32000, description: "Minor units left to spend" }),
    currency: z.string().openapi({ example: "DKK" }),
    expiresAt: z.iso.datetime().openapi({
      description: "Valid to the end of this instant's day in the studio's time zone",
    }),
    status: GiftCardStatusSchema,
  })
  .openapi("GiftCardLookup");

export const GiftCardLookupQuery = z.object({
  code: text().max(100).openapi({ example: "K7QM-XP3R-9HWD", description: "In any case, with or without dashes" }),
});

/** A card as its administrator reads it (GET /gift-cards/{id}): its history, who bought it, for whom and what happened to it. */
export const GiftCardDetailSchema = GiftCardSchema.extend({
  buyer: z
    .object({ id: Id, name: z.string().openapi({ example: "Ida Holm" }), email: z.string() })
    .openapi({ description: "Who bought it (the order's buyer)" }),
  recipientEmail: z.string().nullable().openapi({ description: "Where its email goes (null: the buyer passes it on)" }),
  message: z.string().nullable().openapi({ example: "Tillykke med dagen!" }),
  deliverOn: IsoDate.openapi({ description: "The studio's day its email goes out" }),
  deliveredAt: z.iso.datetime().nullable(),
  payoutRequestedAt: z.iso.datetime().nullable().openapi({
    description: "When its holder asked for the balance to be paid out; cleared by a cash-out",
  }),
  voidReason: z.string().nullable(),
  entries: z.array(GiftCardEntrySchema).openapi({ description: "Its history, oldest first; they sum to `balance`" }),
}).openapi("GiftCardDetail");

/** A card on the member's page (GET /me/gift-cards): theirs because they bought it or it was sent to them. */
export const MemberGiftCardSchema = GiftCardSchema.extend({
  role: z.enum(["bought", "received"]).openapi({
    description: "`received`: sent to the member's email; `bought`: bought by them for someone else (or to pass on)",
  }),
  payoutRequestedAt: z.iso.datetime().nullable(),
  entries: z.array(GiftCardEntrySchema).openapi({ description: "Its history, oldest first" }),
}).openapi("MemberGiftCard");

/** The sort key of GET /gift-cards and its cursor: created, then id, both descending. */
export const GiftCardKey = z
  .tuple([z.iso.datetime(), Id])
  .transform(([createdAt, id]) => [new Date(createdAt), id] as const);
export type GiftCardKey = readonly [Date, string];

export const ListGiftCardsParams = z.object({
  ...PageParams,
  status: GiftCardStatusSchema.optional().openapi({ description: "Only cards with this status" }),
  last4: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/)
    .optional()
    .openapi({ example: "9HWD", description: "Only cards whose code ends with these four characters" }),
  email: text()
    .trim()
    .toLowerCase()
    .min(1)
    .max(320)
    .optional()
    .openapi({ description: "Only cards bought by or sent to this email (compared case-insensitively)" }),
});

export type GiftCardFilter = { status?: GiftCardDto["status"]; last4?: string; email?: string };

export const ListGiftCardsQuery = ListGiftCardsParams.transform(({ cursor, limit, ...filter }, context) => {
  if (cursor !== undefined && limit === undefined)
    context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
  const kept: GiftCardFilter = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.last4 ? { last4: filter.last4 } : {}),
    ...(filter.email ? { email: filter.email } : {}),
  };
  return { limit, after: cursorKey(GiftCardKey, cursor, context), filter: kept };
});

export const CashOutGiftCardInput = z
  .strictObject({
    amount: z.number().int().positive().optional().openapi({
      example: 20000,
      description: "Minor units paid out (default: all that is left, or all that expired on an expired card)",
    }),
  })
  .openapi("CashOutGiftCardInput");

export const VoidGiftCardInput = z
  .strictObject({
    reason: text().trim().min(1).max(500).openapi({ example: "Købt ved en fejl" }),
  })
  .openapi("VoidGiftCardInput");

type CardWithEntries = GiftCard & { entries: GiftCardEntry[] };

export function serializeGiftCardDetail(
  card: CardWithEntries & { order: { user: { id: string; displayName: string; email: string } } },
): z.infer<typeof GiftCardDetailSchema> {
  const { user } = card.order;
  return {
    ...serializeGiftCard(card),
    buyer: { id: user.id, name: user.displayName, email: user.email },
    recipientEmail: card.recipientEmail,
    message: card.message,
    deliverOn: card.deliverOn,
    deliveredAt: card.deliveredAt?.toISOString() ?? null,
    payoutRequestedAt: card.payoutRequestedAt?.toISOString() ?? null,
    voidReason: card.voidReason,
    entries: card.entries.map(serializeGiftCardEntry),
  };
}

export function serializeMemberGiftCard(
  card: CardWithEntries,
  role: "bought" | "received",
): z.infer<typeof MemberGiftCardSchema> {
  return {
    ...serializeGiftCard(card),
    role,
    payoutRequestedAt: card.payoutRequestedAt?.toISOString() ?? null,
    entries: card.entries.map(serializeGiftCardEntry),
  };
}

export function serializeGiftCardLookup(card: GiftCard): z.infer<typeof GiftCardLookupSchema> {
  return {
    balance: card.balance,
    currency: card.currency,
    expiresAt: card.expiresAt.toISOString(),
    status: card.status as GiftCardDto["status"],
  };
}
