import "server-only";
import type { PromoCode } from "@prisma/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { normalizePromoCode, type UpdatePromoCodeInput } from "@/lib/schemas/promo-code";
import { assertAccountCurrency } from "./assert-account-currency";
import { assertAccountProducts } from "./assert-account-products";

/**
 * A partial edit. A new discount (`percentOff`, or `amountOff` with `currency`) replaces the old one
 * whole. `redemptions` is never written here: only checkout takes and gives back redemptions.
 */
export async function updatePromoCode({
  db,
  accountId,
  promoCodeId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  promoCodeId: string;
  input: UpdatePromoCodeInput;
}): Promise<PromoCode> {
  const productIds = input.productIds ? [...new Set(input.productIds)] : undefined;
  if (productIds) await assertAccountProducts({ db, productIds, path: "productIds" });
  if (input.currency) await assertAccountCurrency({ db, accountId, currency: input.currency });
  let updated: PromoCode[];
  try {
    updated = await db.promoCode.updateManyAndReturn({
      where: { id: promoCodeId },
      data: {
        code: input.code,
        normalizedCode: input.code === undefined ? undefined : normalizePromoCode(input.code),
        ...discountData(input),
        productIds,
        maxRedemptions: input.maxRedemptions,
        validUntil: input.validUntil === undefined ? undefined : input.validUntil && new Date(input.validUntil),
        firstPurchaseOnly: input.firstPurchaseOnly,
        status: input.status,
        updatedAt: new Date(),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("promo_code_exists");
    throw error;
  }
  if (!updated[0]) throw new AppError("not_found");
  return updated[0];
}

function discountData(input: UpdatePromoCodeInput) {
  if (input.percentOff !== undefined) return { percentOff: input.percentOff, amountOff: null, currency: null };
  if (input.amountOff !== undefined) return { percentOff: null, amountOff: input.amountOff, currency: input.currency };
  return {};
}
