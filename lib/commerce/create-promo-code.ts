import "server-only";
import type { PromoCode } from "@prisma/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { normalizePromoCode, type CreatePromoCodeInput } from "@/lib/schemas/promo-code";
import { assertAccountCurrency } from "./assert-account-currency";
import { assertAccountProducts } from "./assert-account-products";

/** Creates a promo code; 409 `Promo code already exists` for a code of this account in any case. */
export async function createPromoCode({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: CreatePromoCodeInput;
}): Promise<PromoCode> {
  const productIds = [...new Set(input.productIds ?? [])];
  await assertAccountProducts({ db, productIds, path: "productIds" });
  if (input.currency) await assertAccountCurrency({ db, accountId, currency: input.currency });
  try {
    return await db.promoCode.create({
      data: {
        accountId,
        code: input.code,
        normalizedCode: normalizePromoCode(input.code),
        percentOff: input.percentOff ?? null,
        amountOff: input.amountOff ?? null,
        currency: input.currency ?? null,
        productIds,
        maxRedemptions: input.maxRedemptions ?? null,
        validUntil: input.validUntil ? new Date(input.validUntil) : null,
        firstPurchaseOnly: input.firstPurchaseOnly ?? false,
        status: input.status,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("promo_code_exists");
    throw error;
  }
}
