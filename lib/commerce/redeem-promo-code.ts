import "server-only";
import type { Price, Product, PromoCode } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { normalizePromoCode } from "@/lib/schemas/promo-code";

export type Discount = { promoCodeId: string; amount: number };

/**
 * Checks the code a buyer named for this purchase and takes one of its redemptions, in the order's
 * transaction (so a failed checkout takes none). Unknown, inactive, expired, exhausted, for other
 * products, in another currency, or `firstPurchaseOnly` for a buyer with a paid order here: 409
 * `Promo code is not valid`. The caller holds the buyer's membership lock, so the first-purchase
 * check cannot race the buyer's own checkouts; the redemption is one conditional UPDATE, so
 * `maxRedemptions` holds across concurrent checkouts of anyone, in any process.
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
  const promoCode = await tx.promoCode.findFirst({ where: { normalizedCode: normalizePromoCode(code) } });
  if (!promoCode || !isUsable(promoCode, product, now)) throw new AppError("promo_code_invalid");
  const amount = discountAmount(promoCode, price);
  if (amount === null) throw new AppError("promo_code_invalid");
  if (promoCode.firstPurchaseOnly && (await tx.order.count({ where: { userId, status: "paid" } })) > 0) {
    throw new AppError("promo_code_invalid");
  }
  const taken = await tx.$executeRaw`
    UPDATE "PromoCode" SET "redemptions" = "redemptions" + 1
    WHERE "id" = ${promoCode.id} AND "accountId" = ${accountId} AND "status" = 'active'
      AND ("maxRedemptions" IS NULL OR "redemptions" < "maxRedemptions")`;
  if (taken !== 1) throw new AppError("promo_code_invalid");
  return { promoCodeId: promoCode.id, amount };
}

function isUsable(promoCode: PromoCode, product: Product, now: Date): boolean {
  if (promoCode.status !== "active") return false;
  if (promoCode.validUntil && promoCode.validUntil.getTime() <= now.getTime()) return false;
  return promoCode.productIds.length === 0 || promoCode.productIds.includes(product.id);
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
