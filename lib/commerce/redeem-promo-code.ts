import "server-only";
import type { Price, Product, PromoCode } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { normalizePromoCode } from "@/lib/schemas/promo-code";

export type Discount = { promoCodeId: string; amount: number };

/** Why a code does not apply to a purchase, in the order they are checked. */
export const PROMO_CODE_REFUSALS = [
  "unknown",
  "inactive",
  "expired",
  "other_product",
  "other_currency",
  "first_purchase_only",
  "used_up",
] as const;
export type PromoCodeRefusal = (typeof PROMO_CODE_REFUSALS)[number];

export type PromoCodeCheck =
  | { applies: true; promoCode: PromoCode; amount: number }
  | { applies: false; reason: PromoCodeRefusal; promoCode: PromoCode | null };

type PromoCodeReader = Pick<TenantTx, "promoCode" | "order">;

/**
 * Whether the code a buyer named applies to this purchase now, and the discount it gives; takes
 * nothing. The one rule that both a quote (POST /checkout/quote) and a checkout apply: unknown,
 * inactive, expired, for other products, an amount in another currency, `firstPurchaseOnly` for a
 * buyer with a paid order here, or at `maxRedemptions`.
 */
export async function checkPromoCode(
  db: PromoCodeReader,
  { userId, code, product, price, now }: { userId: string; code: string; product: Product; price: Price; now: Date },
): Promise<PromoCodeCheck> {
  const promoCode = await db.promoCode.findFirst({ where: { normalizedCode: normalizePromoCode(code) } });
  const refuse = (reason: PromoCodeRefusal): PromoCodeCheck => ({ applies: false, reason, promoCode });
  if (!promoCode) return refuse("unknown");
  if (promoCode.status !== "active") return refuse("inactive");
  if (promoCode.validUntil && promoCode.validUntil.getTime() <= now.getTime()) return refuse("expired");
  if (promoCode.productIds.length > 0 && !promoCode.productIds.includes(product.id)) return refuse("other_product");
  const amount = discountAmount(promoCode, price);
  if (amount === null) return refuse("other_currency");
  if (promoCode.firstPurchaseOnly && (await db.order.count({ where: { userId, status: "paid" } })) > 0)
    return refuse("first_purchase_only");
  if (promoCode.maxRedemptions !== null && promoCode.redemptions >= promoCode.maxRedemptions) return refuse("used_up");
  return { applies: true, promoCode, amount };
}

/**
 * Checks the code a buyer named for this purchase (checkPromoCode) and takes one of its redemptions,
 * in the order's transaction (so a failed checkout takes none); any refusal is 409 `Promo code is not
 * valid`. The caller holds the buyer's membership lock, so the first-purchase check cannot race the
 * buyer's own checkouts; the redemption is one conditional UPDATE, so `maxRedemptions` holds across
 * concurrent checkouts of anyone, in any process.
 */
export async function redeemPromoCode(
  tx: TenantTx,
  {
    accountId,
    userId,
    code,
    product,
    price,
    now,
  }: { accountId: string; userId: string; code: string; product: Product; price: Price; now: Date },
): Promise<Discount> {
  const check = await checkPromoCode(tx, { userId, code, product, price, now });
  if (!check.applies) throw new AppError("promo_code_invalid");
  const taken = await tx.$executeRaw`
    UPDATE "PromoCode" SET "redemptions" = "redemptions" + 1
    WHERE "id" = ${check.promoCode.id} AND "accountId" = ${accountId} AND "status" = 'active'
      AND ("maxRedemptions" IS NULL OR "redemptions" < "maxRedemptions")`;
  if (taken !== 1) throw new AppError("promo_code_invalid");
  return { promoCodeId: check.promoCode.id, amount: check.amount };
}

/**
 * Minor units off `price` (of its first payment, for a subscription): a percentage rounded down, so
 * the buyer never gets more than the code says; an amount at most the price. Null when the amount
 * is in another currency than the price.
 */
export function discountAmount(
  promoCode: Pick<PromoCode, "percentOff" | "amountOff" | "currency">,
  price: Pick<Price, "amount" | "currency">,
): number | null {
  if (promoCode.percentOff !== null) return Math.floor((price.amount * promoCode.percentOff) / 100);
  if (promoCode.amountOff === null || promoCode.currency !== price.currency) return null;
  return Math.min(promoCode.amountOff, price.amount);
}

/** An order holding a code failed or expired: its redemption goes back to the code. */
export async function giveBackRedemption(
  tx: TenantTx,
  { accountId, promoCodeId }: { accountId: string; promoCodeId: string },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE "PromoCode" SET "redemptions" = "redemptions" - 1
    WHERE "id" = ${promoCodeId} AND "accountId" = ${accountId} AND "redemptions" > 0`;
}
