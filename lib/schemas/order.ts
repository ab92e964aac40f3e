import type { Order } from "@prisma/client";
import { basisPointsToPercent } from "@/lib/receipts/vat";
import { Id, text } from "./common";
import { EntitlementSchema } from "./entitlement";
import { z } from "./zod";

export const OrderStatusSchema = z.enum(["pending", "paid", "failed", "refunded"]).openapi("OrderStatus");
export const OrderProviderSchema = z.enum(["demo", "stripe", "desk"]).openapi("OrderProvider", {
  description: "`desk` marks a grant for payment taken at the desk",
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
    currency: z.string().openapi({ example: "DKK" }),
    status: OrderStatusSchema,
    provider: OrderProviderSchema,
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    refundedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "When the order was refunded; null unless `refunded`" }),
    receiptNumber: z.number().int().positive().nullable().openapi({
      example: 42,
      description:
        "The studio's receipt number, given when the order was paid: 1, 2, 3, … per studio without gaps. Null while `pending` or `failed`; a refunded order keeps it (its receipt becomes a credit note).",
    }),
    vatAmount: z.number().int().nullable().openapi({
      example: 2400,
      description:
        "Minor units of VAT (moms) included in `amount`, at `vatRate`: amount × rate / (100 + rate), rounded. Null unless paid while the studio had a VAT rate.",
    }),
    vatRate: z.number().nullable().openapi({
      example: 25,
      description: "The studio's VAT rate in percent when the order was paid; null with `vatAmount`",
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
  })
  .openapi("RefundOrderInput");

export const CheckoutInput = z
  .strictObject({
    productId: Id.openapi({ description: "An active product of this account" }),
    priceId: Id.openapi({ description: "A current price of that product" }),
    promoCode: text().trim().min(1).max(200).optional().openapi({
      example: "SPRING25",
      description: "A promo code of this account, in any case; 409 `Promo code is not valid` when it does not apply",
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
  })
  .openapi("Checkout");

export const WebhookReceiptSchema = z.object({ received: z.literal(true) }).openapi("WebhookReceipt");

export type OrderDto = z.infer<typeof OrderSchema>;
export type CheckoutInput = z.infer<typeof CheckoutInput>;
export type RefundOrderInput = z.infer<typeof RefundOrderInput>;
export type CheckoutDto = z.infer<typeof CheckoutSchema>;

export function serializeOrder(order: Order): OrderDto {
  return {
    id: order.id,
    accountId: order.accountId,
    userId: order.userId,
    productId: order.productId,
    priceId: order.priceId,
    amount: order.amount,
    discountAmount: order.discountAmount,
    promoCodeId: order.promoCodeId,
    currency: order.currency,
    status: order.status as OrderDto["status"],
    provider: order.provider as OrderDto["provider"],
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    receiptNumber: order.receiptNumber,
    vatAmount: order.vatAmount,
    vatRate: order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints),
  };
}
