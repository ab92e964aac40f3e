import type { Order } from "@prisma/client";
import { basisPointsToPercent } from "@/lib/receipts/vat";
import { Id, text } from "./common";
import { EntitlementSchema } from "./entitlement";
import { GiftCardPurchaseInput, GiftCardSchema } from "./gift-card";
import { orderWithdrawal } from "@/lib/withdrawals/withdrawal-right";
import { z } from "./zod";

export const OrderStatusSchema = z.enum(["pending", "paid", "failed", "refunded"]).openapi("OrderStatus");
export const OrderProviderSchema = z
  .enum(["demo", "stripe", "desk", "mobilepay", "gift_card"])
  .openapi("OrderProvider", {
    description:
      "`desk` marks a grant for payment taken at the desk; `mobilepay` a membership paid through the studio's own Vipps MobilePay sales unit; " +
      "`gift_card` a one-off purchase paid wholly by a gift card (`giftCardId`)",
  });

export const OrderSchema = z
  .object({
    id: Id,
    accountId: Id,
    userId: Id,
    productId: Id,
    priceId: Id,
    amount: z.number().int().openapi({
      example: 12000,
      description: "Minor units charged: the price at purchase less `discountAmount` (never below 0)",
    }),
    discountAmount: z.number().int().openapi({
      example: 0,
      description: "Minor units taken off by a promo code (a subscription's first payment only); 0 without one",
    }),
    promoCodeId: Id.nullable().openapi({ description: "The promo code used, if any" }),
    giftCardId: Id.nullable().openapi({
      description:
        "The gift card that paid `giftCardAmount` of `amount` (POST /checkout `giftCardCode`); null without one",
    }),
    giftCardAmount: z
      .number()
      .int()
      .nonnegative()
      .openapi({
        example: 0,
        description:
          "Minor units of `amount` the gift card paid (its balance debited when the order was placed, given back if it " +
          "fails); the provider charged the rest. A subscription or instalments: of the first payment only. 0 without a card",
      }),
    currency: z.string().openapi({ example: "DKK" }),
    status: OrderStatusSchema,
    provider: OrderProviderSchema,
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    refundedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "When the order was refunded in full or withdrawn; null unless `refunded`" }),
    refundedAmount: z
      .number()
      .int()
      .nonnegative()
      .openapi({
        example: 20000,
        description:
          "Minor units refunded so far (POST /orders/{orderId}/refunds, each refund with its own credit note): 0 until a " +
          "refund, `amount` once `refunded` (less after a withdrawal, POST /withdrawals: the buyer pays for what was used); " +
          "a `paid` order with less than `amount` refunded can be refunded further",
      }),
    receiptNumber: z.number().int().positive().nullable().openapi({
      example: 42,
      description:
        "The studio's receipt number, given when the order was paid: 1, 2, 3, … per studio without gaps. Null while `pending` or `failed`; a refunded order keeps it (its receipt becomes a credit note).",
    }),
    vatAmount: z.number().int().nullable().openapi({
      example: 2400,
      description:
        "Minor units of VAT (moms) included in `amount`, at `vatRate`: amount × rate / (100 + rate), rounded. 0 for a VAT-exempt product (`vatRate` 0). Null unless paid while the studio had a VAT rate or for an exempt product.",
    }),
    vatRate: z.number().nullable().openapi({
      example: 25,
      description:
        "The VAT rate in percent the order was paid at: the studio's rate then, or 0 for a VAT-exempt product (momsfritaget undervisning); null with `vatAmount`",
    }),
    instalmentOf: Id.nullable().openapi({
      description:
        "A later instalment of a price paid in instalments: the first order (the purchase), which this one continues; null otherwise (the first order too)",
    }),
    instalment: z.number().int().positive().nullable().openapi({
      example: 1,
      description: "Which instalment this order pays, from 1 (the purchase); null for an order not paid in instalments",
    }),
    instalments: z.number().int().positive().nullable().openapi({
      example: 3,
      description: "How many instalments the purchase is paid in; null for an order not paid in instalments",
    }),
    startNowRequestedAt: z.iso
      .datetime()
      .nullable()
      .openapi({
        description:
          "When the buyer expressly asked at checkout (`startNow: true`) to use a purchase with a right of withdrawal at once: " +
          "a withdrawal then pays for what was used (forbrugeraftaleloven §22); null otherwise",
      }),
    termsVersion: z
      .number()
      .int()
      .positive()
      .nullable()
      .openapi({
        example: 3,
        description:
          "The version of the studio's terms of sale the buyer accepted at checkout (GET /accounts/{accountId}/terms?version=…); " +
          "null when the studio had published none, and for a sale at the desk",
      }),
    withdrawal: z
      .object({
        until: z.iso.datetime().openapi({
          example: "2026-03-17T23:00:00.000Z",
          description:
            "When the withdrawal period ends: the end of the studio's day 14 days after the purchase was paid (else placed), " +
            "moved on to the end of the next working day from a Saturday, Sunday or Danish holiday (forbrugeraftaleloven §18)",
        }),
        status: z.enum(["open", "withdrawn", "ended"]).openapi({
          description:
            "`open` while a paid order's period runs (POST /withdrawals takes it); `withdrawn` once a withdrawal was " +
            "received; `ended` after the period, or when the order is not paid (refunded another way)",
        }),
      })
      .nullable()
      .openapi("OrderWithdrawal", {
        description:
          "The buyer's right of withdrawal from this online purchase, as it stands now; null when it carries none: a dated " +
          "product (a drop-in, a workshop, a course), a desk sale or a renewal",
      }),
  })
  .openapi("Order");

export const OrderParams = z.object({ orderId: Id });

export const RefundOrderInput = z
  .strictObject({
    reason: text().trim().min(1).max(500).optional().openapi({
      example: "Moved abroad",
      description: "Why the order is refunded, kept with the order for the studio",
    }),
    amount: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({
        example: 20000,
        description:
          "Minor units to refund, at most what is left (`amount - refundedAmount`; 409 `Refund exceeds what was paid` past " +
          "it). Default: all that is left, which makes the order `refunded`",
      }),
    classes: z
      .number()
      .int()
      .positive()
      .optional()
      .openapi({
        example: 2,
        description:
          "A class pass's order: how many classes this refund takes off the pass (at most its remaining classes; 409 " +
          "`Refund exceeds the classes left` past them). Default: none for a part of the amount; a refund of all that is " +
          "left revokes the pass (its remaining classes with it)",
      }),
  })
  .openapi("RefundOrderInput");

export const CheckoutInput = z
  .strictObject({
    productId: Id.openapi({ description: "An active product of this account" }),
    priceId: Id.optional().openapi({
      description: "A current price of that product; required unless `amount` is given (a gift card's chosen amount)",
    }),
    amount: z.number().int().positive().optional().openapi({
      example: 75000,
      description:
        "A `gift_card` product with `customAmount`: the amount the buyer chose (minor units, within its bounds), instead of `priceId`",
    }),
    giftCard: GiftCardPurchaseInput.optional().openapi({
      description: "Required when buying a `gift_card` product (400 otherwise): who it is for and when it is sent",
    }),
    giftCardCode: text()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .openapi({
        example: "K7QM-XP3R-9HWD",
        description:
          "A gift card of this studio that pays as much of the amount as its balance can (in any case, with or without dashes); " +
          "the rest is paid as `paymentMethod` says. 404 `Gift card not found`, 409 `Gift card has expired`, 409 `Gift card has no " +
          "balance left`, 409 `Gift cards cannot pay for gift cards`",
      }),
    promoCode: text().trim().min(1).max(200).optional().openapi({
      example: "SPRING25",
      description: "A promo code of this account, in any case; 409 `Promo code is not valid` when it does not apply",
    }),
    paymentMethod: z
      .enum(["card", "mobilepay"])
      .optional()
      .openapi({
        example: "mobilepay",
        description:
          "`card` (the default): the studio's payment provider (Stripe Checkout, which offers Stripe's MobilePay for one-off prices when the studio does). " +
          "`mobilepay`: a membership (a subscription price) paid through the studio's own Vipps MobilePay sales unit; 400 for any other price, " +
          "409 `MobilePay is not set up for this studio` when it has none connected (GET /account/payments)",
      }),
    forUserId: Id.optional().openapi({
      description:
        "Buy for one of the caller's dependants (`guardianId` = the caller; anyone else's: 403): the order and the " +
        "entitlement are the dependant's, a price's `minAge`/`maxAge` is judged on the dependant's date of birth, and the " +
        "caller pays and gets the receipt",
    }),
    startNow: z
      .boolean()
      .optional()
      .openapi({
        description:
          "A product with a right of withdrawal (`withdrawal` not null): `true` records the buyer's express request to use it " +
          "at once, within the withdrawal period (the order's `startNowRequestedAt`), so that a withdrawal pays for what was " +
          "used (forbrugeraftaleloven §22). Default `false`: a withdrawal then refunds the whole price, whatever was used. " +
          "Ignored for a product without the right",
      }),
    acceptTerms: z
      .boolean()
      .optional()
      .openapi({
        description:
          "The buyer accepts the studio's terms of sale in force (GET /accounts/{accountId}/terms). Required as `true` once " +
          "the studio has published terms: else 400 `Validation failed` with a detail of code `terms_not_accepted`; the " +
          "order keeps the version accepted (`termsVersion`). A studio without terms needs none. The quote takes and ignores it",
      }),
  })
  .openapi("CheckoutInput");

export const CheckoutSchema = z
  .object({
    order: OrderSchema,
    checkoutUrl: z
      .url()
      .nullable()
      .openapi({ description: "Stripe: the hosted payment page. Demo: null (paid at once)." }),
    entitlement: EntitlementSchema.nullable().openapi({
      description: "Demo: the new entitlement. Stripe: null until the payment is reported.",
    }),
    giftCard: GiftCardSchema.nullable().openapi({
      description:
        "A `gift_card` product paid at once (the demo provider): the card issued, with its `code`, shown this once. A hosted " +
        "payment: null (the card is issued when the payment is reported, its code sent by email). Null for any other product",
    }),
  })
  .openapi("Checkout");

export const CheckoutQuoteInput = CheckoutInput.extend({
  promoCode: CheckoutInput.shape.promoCode.openapi({
    example: "SPRING25",
    description:
      "A promo code to price the purchase with, in any case; one that does not apply is priced without and says why",
  }),
}).openapi("CheckoutQuoteInput");

export const CheckoutQuoteSchema = z
  .object({
    productId: Id,
    priceId: Id,
    currency: z.string().openapi({ example: "DKK" }),
    amount: z.number().int().openapi({
      example: 120000,
      description: "The price in minor units (of each billing period, for a subscription)",
    }),
    discountAmount: z.number().int().openapi({
      example: 30000,
      description:
        "Minor units the promo code takes off (a subscription's first payment only); 0 without one that applies",
    }),
    total: z.number().int().openapi({
      example: 90000,
      description:
        "Minor units POST /checkout would charge now: `amount` less `discountAmount`, never below 0 (the order's `amount`)",
    }),
    vatAmount: z.number().int().nullable().openapi({
      example: 18000,
      description:
        "Minor units of VAT (moms) included in `total` at the studio's VAT rate today (0 for a VAT-exempt product); null when the studio has no rate",
    }),
    promoCode: z
      .object({
        code: z
          .string()
          .openapi({ example: "SPRING25", description: "As the studio wrote it when it applies, else as sent" }),
        applied: z.boolean(),
        reason: z
          .string()
          .nullable()
          .openapi({
            example: null,
            description:
              "Why it does not apply, a sentence: `Promo code not found`, `Promo code is not active`, `Promo code has expired`, " +
              "`Promo code does not apply to this product`, `Promo code is in another currency than the price`, " +
              "`Promo code is for a first purchase only`, `Promo code has been used up`; null when applied",
          }),
      })
      .nullable()
      .openapi({ description: "The promo code sent, if any, and whether it applies" }),
    grants: z
      .object({
        remainingClasses: z
          .number()
          .int()
          .nullable()
          .openapi({ example: 10, description: "Classes it gives; null = unlimited" }),
        validUntil: z.iso.datetime().nullable().openapi({
          description: "Until when, counted from now (a subscription: its first billing period); null = without end",
        }),
      })
      .openapi({ description: "The entitlement a purchase now would give" }),
    instalments: z
      .object({
        count: z.number().int().openapi({ example: 3, description: "Monthly instalments, the first paid now" }),
        amount: z.number().int().openapi({ example: 30000, description: "Minor units of each instalment" }),
        lastAmount: z
          .number()
          .int()
          .openapi({ example: 30000, description: "Minor units of the last instalment (it carries the remainder)" }),
        total: z.number().int().openapi({ example: 90000, description: "The whole price in minor units" }),
      })
      .nullable()
      .openapi({
        description:
          "A price paid in instalments: then `amount`, `discountAmount` and `total` are of the first instalment, paid now; null when paid at once",
      }),
    giftCard: z
      .object({
        last4: z.string().openapi({ example: "9HWD" }),
        amount: z.number().int().openapi({
          example: 50000,
          description: "Minor units the card would pay of `total`: as much as its balance can",
        }),
        balance: z
          .number()
          .int()
          .openapi({ example: 50000, description: "Minor units on the card before this purchase" }),
      })
      .nullable()
      .openapi({ description: "The gift card `giftCardCode` names; null without one" }),
    dueNow: z.number().int().openapi({
      example: 70000,
      description: "Minor units paid now beside the gift card (by card or MobilePay): `total` less `giftCard.amount`",
    }),
  })
  .openapi("CheckoutQuote");

export const WebhookReceiptSchema = z.object({ received: z.literal(true) }).openapi("WebhookReceipt");

export type OrderDto = z.infer<typeof OrderSchema>;
export type CheckoutInput = z.infer<typeof CheckoutInput>;
export type RefundOrderInput = z.infer<typeof RefundOrderInput>;
export type CheckoutDto = z.infer<typeof CheckoutSchema>;
export type CheckoutQuoteInput = z.infer<typeof CheckoutQuoteInput>;
export type CheckoutQuoteDto = z.infer<typeof CheckoutQuoteSchema>;

/** An order with whether a withdrawal was received for it (`include: { withdrawal: { select: { id: true } } }`). */
export type OrderWithWithdrawal = Order & { withdrawal: { id: string } | null };

/** What the wire of an order needs beside it, read once per request: the studio's timezone and the time now. */
export type OrderWireContext = { timezone: string; now: Date };

export function serializeOrder(order: OrderWithWithdrawal, { timezone, now }: OrderWireContext): OrderDto {
  const withdrawal = orderWithdrawal(order, { timezone, withdrawn: order.withdrawal !== null, now });
  return {
    id: order.id,
    accountId: order.accountId,
    userId: order.userId,
    productId: order.productId,
    priceId: order.priceId,
    amount: order.amount,
    discountAmount: order.discountAmount,
    promoCodeId: order.promoCodeId,
    giftCardId: order.giftCardId,
    giftCardAmount: order.giftCardAmount,
    currency: order.currency,
    status: order.status as OrderDto["status"],
    provider: order.provider as OrderDto["provider"],
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    refundedAmount: order.refundedAmount,
    receiptNumber: order.receiptNumber,
    vatAmount: order.vatAmount,
    vatRate: order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints),
    instalmentOf: order.instalmentOf,
    instalment: order.instalment,
    instalments: order.instalments,
    startNowRequestedAt: order.startNowRequestedAt?.toISOString() ?? null,
    termsVersion: order.termsVersion,
    withdrawal: withdrawal && { until: withdrawal.until.toISOString(), status: withdrawal.status },
  };
}

/**
 * What a quote answers with, as lib/commerce/quote-checkout.ts works it out (its CheckoutQuote is
 * one): named here so the schemas take no types from the domain that imports them.
 */
export type QuoteFacts<Reason> = {
  product: { id: string };
  price: { id: string };
  currency: string;
  amount: number;
  discountAmount: number;
  total: number;
  vatAmount: number | null;
  promoCode: { code: string; applied: true; reason: null } | { code: string; applied: false; reason: Reason } | null;
  grants: { remainingClasses: number | null; validUntil: Date | null };
  instalments: { count: number; amount: number; lastAmount: number; total: number } | null;
  giftCard: { last4: string; amount: number; balance: number } | null;
  dueNow: number;
};

/** A quote as the API answers it: dates as ISO strings, a refused code's reason as `reasonText` says it (the API: English). */
export function serializeCheckoutQuote<Reason>(
  quote: QuoteFacts<Reason>,
  reasonText: (reason: Reason) => string,
): CheckoutQuoteDto {
  return {
    productId: quote.product.id,
    priceId: quote.price.id,
    currency: quote.currency,
    amount: quote.amount,
    discountAmount: quote.discountAmount,
    total: quote.total,
    vatAmount: quote.vatAmount,
    promoCode: quote.promoCode && {
      code: quote.promoCode.code,
      applied: quote.promoCode.applied,
      reason: quote.promoCode.applied ? null : reasonText(quote.promoCode.reason),
    },
    grants: {
      remainingClasses: quote.grants.remainingClasses,
      validUntil: quote.grants.validUntil?.toISOString() ?? null,
    },
    instalments: quote.instalments,
    giftCard: quote.giftCard,
    dueNow: quote.dueNow,
  };
}
