import type { PromoCode } from "@prisma/client";
import { Id, IdParam, IsoDateTime, text } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const PromoCodeStatusSchema = z.enum(["active", "inactive"]).openapi("PromoCodeStatus", {
  description: "Only `active` codes are accepted at checkout",
});

export const PromoCodeSchema = z
  .object({
    id: Id,
    accountId: Id,
    code: z.string().openapi({ example: "SPRING25", description: "As written; matched without regard to case" }),
    percentOff: z.number().int().nullable().openapi({ example: 25, description: "1–100; null for an amount off" }),
    amountOff: z.number().int().nullable().openapi({ description: "Minor units; null for a percentage" }),
    currency: z.string().nullable().openapi({ example: "DKK", description: "The currency of `amountOff`" }),
    productIds: z.array(Id).openapi({ description: "Products the code applies to; empty = every product" }),
    maxRedemptions: z.number().int().nullable().openapi({ description: "null = no limit" }),
    redemptions: z.number().int().openapi({
      description: "Orders holding the code; an order that fails or expires gives its redemption back",
    }),
    validUntil: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "Not accepted from this instant on; null = no end" }),
    firstPurchaseOnly: z.boolean().openapi({ description: "Only for buyers without an earlier paid order here" }),
    status: PromoCodeStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .openapi("PromoCode");

export const PromoCodeText = text()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Letters A–Z, digits, '-' and '_'")
  .openapi({ example: "SPRING25" });

const Fields = {
  percentOff: z.number().int().min(1).max(100).openapi({ example: 25, description: "1–100" }),
  amountOff: z.number().int().min(1).max(100_000_000).openapi({
    example: 5000,
    description: "Minor units; goes with `currency`, which must be the account's currency",
  }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Three upper-case letters (ISO 4217)")
    .openapi({ example: "DKK" }),
  productIds: z.array(Id).max(500).openapi({ description: "Empty or absent = every product" }),
  maxRedemptions: z.number().int().min(1).max(1_000_000),
  validUntil: IsoDateTime,
  firstPurchaseOnly: z.boolean(),
};

type DiscountShape = { percentOff?: number | null; amountOff?: number | null; currency?: string | null };

/** One kind of discount: a percentage, or an amount with its currency. */
function checkDiscount(input: DiscountShape, ctx: z.RefinementCtx, required: boolean): void {
  const percent = input.percentOff != null;
  const amount = input.amountOff != null;
  if (percent && amount) {
    ctx.addIssue({ code: "custom", path: ["amountOff"], ...ruleIssue("discount_both") });
  } else if (required && !percent && !amount) {
    ctx.addIssue({ code: "custom", path: ["percentOff"], ...ruleIssue("discount_required") });
  }
  if (amount && input.currency == null) {
    ctx.addIssue({ code: "custom", path: ["currency"], ...ruleIssue("currency_required") });
  }
  if (!amount && input.currency != null) {
    ctx.addIssue({ code: "custom", path: ["currency"], ...ruleIssue("currency_without_amount") });
  }
}

export const CreatePromoCodeInput = z
  .strictObject({
    code: PromoCodeText,
    percentOff: Fields.percentOff.optional(),
    amountOff: Fields.amountOff.optional(),
    currency: Fields.currency.optional(),
    productIds: Fields.productIds.optional(),
    maxRedemptions: Fields.maxRedemptions.optional(),
    validUntil: Fields.validUntil.optional(),
    firstPurchaseOnly: Fields.firstPurchaseOnly.optional(),
    status: PromoCodeStatusSchema,
  })
  .superRefine((input, ctx) => checkDiscount(input, ctx, true))
  .openapi("CreatePromoCodeInput");

export const UpdatePromoCodeInput = z
  .strictObject({
    code: PromoCodeText.optional(),
    percentOff: Fields.percentOff.optional().openapi({ description: "Replaces the discount (clears amountOff)" }),
    amountOff: Fields.amountOff.optional().openapi({ description: "Replaces the discount; needs `currency`" }),
    currency: Fields.currency.optional(),
    productIds: Fields.productIds.optional(),
    maxRedemptions: Fields.maxRedemptions.nullable().optional().openapi({ description: "null removes the limit" }),
    validUntil: Fields.validUntil.nullable().optional().openapi({ description: "null removes the end" }),
    firstPurchaseOnly: Fields.firstPurchaseOnly.optional(),
    status: PromoCodeStatusSchema.optional(),
  })
  .superRefine((input, ctx) => checkDiscount(input, ctx, false))
  .openapi("UpdatePromoCodeInput");

export const PromoCodeParams = IdParam("promoCodeId");

export type PromoCodeDto = z.infer<typeof PromoCodeSchema>;
export type CreatePromoCodeInput = z.infer<typeof CreatePromoCodeInput>;
export type UpdatePromoCodeInput = z.infer<typeof UpdatePromoCodeInput>;

/** Codes are matched without regard to case (they are ASCII, so JavaScript and PostgreSQL agree). */
export const normalizePromoCode = (code: string): string => code.trim().toLowerCase();

export function serializePromoCode(promoCode: PromoCode): PromoCodeDto {
  return {
    id: promoCode.id,
    accountId: promoCode.accountId,
    code: promoCode.code,
    percentOff: promoCode.percentOff,
    amountOff: promoCode.amountOff,
    currency: promoCode.currency,
    productIds: promoCode.productIds,
    maxRedemptions: promoCode.maxRedemptions,
    redemptions: promoCode.redemptions,
    validUntil: promoCode.validUntil?.toISOString() ?? null,
    firstPurchaseOnly: promoCode.firstPurchaseOnly,
    status: promoCode.status as PromoCodeDto["status"],
    createdAt: promoCode.createdAt.toISOString(),
  };
}
