import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { GIFT_CARD_VALIDITY_MONTHS, type CreateProductInput, type ProductWithPrices } from "@/lib/schemas/product";
import { assertAccountEvent, assertAccountEvents } from "./assert-account-events";
import { CURRENT_PRICES } from "./get-product-or-throw";
import { priceData } from "./price-data";

/** A gift card product's own fields, with their defaults (36 months, the logo design); null on other products. */
function giftCardFields(input: CreateProductInput) {
  const giftCard = input.type === "gift_card";
  return {
    validityMonths: input.validityMonths ?? (giftCard ? GIFT_CARD_VALIDITY_MONTHS.default : null),
    customAmountMin: input.customAmount?.min ?? null,
    customAmountMax: input.customAmount?.max ?? null,
    giftCardDesign: input.giftCardDesign ?? (giftCard ? "logo" : null),
  };
}

/** Creates a product with its price list (status `draft` unless given); price ids are ours. */
export async function createProduct({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: CreateProductInput;
}): Promise<ProductWithPrices> {
  const eligibleEventIds = [...new Set(input.eligibleEventIds ?? [])];
  await assertAccountEvents({ db, eventIds: eligibleEventIds, path: "eligibleEventIds" });
  if (input.courseEventId) await assertAccountEvent({ db, eventId: input.courseEventId, path: "courseEventId" });
  return db.product.create({
    data: {
      accountId,
      type: input.type,
      name: input.name,
      description: input.description ?? "",
      classAllowance: input.classAllowance ?? null,
      validityDays: input.validityDays ?? null,
      purchaseLimitPerUser: input.purchaseLimitPerUser ?? null,
      eligibleEventIds,
      courseEventId: input.courseEventId ?? null,
      enrolUntil: input.enrolUntil ? new Date(input.enrolUntil) : null,
      newcomersOnly: input.newcomersOnly ?? false,
      vatExempt: input.vatRate === 0,
      ...giftCardFields(input),
      status: input.status ?? "draft",
      prices: { create: input.prices.map((price, position) => ({ ...priceData(price, position), accountId })) },
    },
    include: CURRENT_PRICES,
  });
}
