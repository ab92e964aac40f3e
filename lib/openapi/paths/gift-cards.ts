import {
  CashOutGiftCardInput,
  GiftCardDetailSchema,
  GiftCardLookupQuery,
  GiftCardLookupSchema,
  GiftCardParams,
  GiftCardSchema,
  ListGiftCardsParams,
  MemberGiftCardSchema,
  VoidGiftCardInput,
} from "@/lib/schemas/gift-card";
import { z } from "@/lib/schemas/zod";
import { authFor, errorChoices, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

// Gift cards' own API (issue 47 §2, §3, decision 0051): the balance of a code, the member's cards and
// their payout request, the studio's list, a card's page, its payout and its void.

const tags = ["Commerce"];
const admin = authFor("admin");
const person = authFor("member", { personOnly: true });

const retryAfter = z.object({
  "Retry-After": z
    .number()
    .int()
    .positive()
    .openapi({ description: "Seconds until the limit's window ends", example: 840 }),
});

registry.registerPath({
  method: "get",
  path: "/gift-cards/lookup",
  operationId: "lookUpGiftCard",
  tags,
  summary: "The balance of a gift card code (Tjek saldo)",
  description:
    "Public, without a session: what is left on the card a code names (typed in any case, with or without dashes or " +
    "spaces), its currency, expiry and status; nothing about who bought it or for whom. A code that names no card answers " +
    "404, and every such guess counts against the client's IP: after 10 in a window every code answers 429 until it ends.",
  security: [],
  request: { query: GiftCardLookupQuery },
  responses: {
    200: jsonResponse("What is left on the card", GiftCardLookupSchema),
    400: errorResponse(400),
    404: errorResponse(404, "Gift card not found"),
    429: { ...errorResponse(429), headers: retryAfter },
  },
});

registry.registerPath({
  method: "get",
  path: "/me/gift-cards",
  operationId: "listMyGiftCards",
  tags,
  summary: "Your gift cards in the active account: bought by you or sent to your email",
  description:
    "Newest first, each with its balance, status and history (oldest first). `role`: `received` for a card sent to your " +
    "email (compared case-insensitively), `bought` for one you bought for someone else or to pass on. Never the code.",
  security: person.security,
  responses: { 200: jsonResponse("Your gift cards", z.array(MemberGiftCardSchema)), ...person.responses },
});

registry.registerPath({
  method: "post",
  path: "/me/gift-cards/{giftCardId}/payout-request",
  operationId: "requestGiftCardPayout",
  tags,
  summary: "Ask the studio to pay a gift card's balance out (Få pengene udbetalt)",
  description:
    "The holder (the recipient by email; the buyer of a card sent to no one) asks for what is left to be paid out: during " +
    "its validity and for 12 months after it expired (then what expired). `payoutRequestedAt` is set and the studio is " +
    "emailed in its language (its contact email, else its administrators); the studio records the payout with " +
    "POST /gift-cards/{giftCardId}/cash-out. 404 for a card that is not yours or another studio's.",
  security: person.security,
  request: { params: GiftCardParams },
  responses: {
    200: jsonResponse("The card, its request recorded", MemberGiftCardSchema),
    ...person.responses,
    404: errorResponse(404, "Resource not found"),
    409: errorChoices(["Gift card can no longer be paid out", "Gift card has no balance left"]),
  },
});

registry.registerPath({
  method: "get",
  path: "/gift-cards",
  operationId: "listGiftCards",
  tags,
  summary: "The studio's gift cards, newest first",
  description:
    "Newest first, then by id. Without `limit` the whole list; with `limit` a page and a `Link` rel=next while more remain " +
    "(a keyset on `createdAt`, `id`); the `Link` keeps the filters. Filters (each optional, combined): `status`, `last4` " +
    "(the code's last four, any case) and `email` (the buyer's or the recipient's, compared case-insensitively).",
  security: admin.security,
  request: { query: ListGiftCardsParams },
  responses: {
    200: { ...jsonResponse("The gift cards", z.array(GiftCardSchema)), headers: { Link: linkHeader } },
    400: errorResponse(400),
    ...admin.responses,
  },
});

registry.registerPath({
  method: "get",
  path: "/gift-cards/{giftCardId}",
  operationId: "getGiftCard",
  tags,
  summary: "A gift card with its history, buyer and recipient",
  description: "Its entries oldest first (they sum to `balance`). Another studio's card: 404.",
  security: admin.security,
  request: { params: GiftCardParams },
  responses: {
    200: jsonResponse("The card", GiftCardDetailSchema),
    ...admin.responses,
    404: errorResponse(404, "Resource not found"),
  },
});

registry.registerPath({
  method: "post",
  path: "/gift-cards/{giftCardId}/cash-out",
  operationId: "cashOutGiftCard",
  tags,
  summary: "Record a payout of a gift card's balance (paid by the studio outside the system)",
  description:
    "`amount` (default: all that can be paid out) is recorded as a `cash_out` entry. During the card's validity, or up to " +
    "12 months after it expired: then the expiry is reversed for that amount first (an `expire` entry of +amount, then the " +
    "`cash_out` of −amount), so the entries always sum to the balance. A card paid out to nothing left is `cashed_out`; " +
    "the holder's request (`payoutRequestedAt`) is cleared. Another studio's card: 404.",
  security: admin.security,
  request: { params: GiftCardParams, body: { ...jsonBody(CashOutGiftCardInput), required: false } },
  responses: {
    200: jsonResponse("The card after the payout", GiftCardDetailSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404, "Resource not found"),
    409: errorChoices([
      "Payout exceeds the balance",
      "Gift card has no balance left",
      "Gift card can no longer be paid out",
    ]),
  },
});

registry.registerPath({
  method: "post",
  path: "/gift-cards/{giftCardId}/void",
  operationId: "voidGiftCard",
  tags,
  summary: "Void a gift card sold in error, refunding its order",
  description:
    "Only a card not spent at all (its balance all it was issued with): a `void` entry of −balance, status `void`, " +
    "`voidReason`, and its order refunded in full through its provider (a credit note, as POST /orders/{orderId}/refunds). " +
    "A refund of a gift card's order there follows the same rule and voids the card too. Another studio's card: 404.",
  security: admin.security,
  request: { params: GiftCardParams, body: jsonBody(VoidGiftCardInput) },
  responses: {
    200: jsonResponse("The card, void", GiftCardDetailSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404, "Resource not found"),
    409: errorResponse(409, "Gift card has been spent"),
    503: errorResponse(503),
  },
});
