import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError, type ErrorDetail } from "@/lib/errors";
import type { TenantTx } from "@/lib/db/tenant-db";
import {
  productRuleIssues,
  type PriceUpdateInput,
  type ProductWithPrices,
  type UpdateProductInput,
} from "@/lib/schemas/product";
import { assertAccountEvent, assertAccountEvents } from "./assert-account-events";
import { CURRENT_PRICES } from "./get-product-or-throw";
import { priceData } from "./price-data";
import { ruleDetail } from "@/lib/error-details";

/**
 * A partial edit. The cross-field rules (class passes need `classAllowance`, subscription prices an
 * `interval`) are checked on the product as it will be after the edit. A new `prices` list keeps the
 * ids of the entries that name a current price, creates the others and retires the current prices it
 * leaves out: a retired price is no longer shown or sold, but stays for the orders that refer to it.
 */
export async function updateProduct({
  db,
  accountId,
  productId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  productId: string;
  input: UpdateProductInput;
}): Promise<ProductWithPrices> {
  const eligibleEventIds = input.eligibleEventIds ? [...new Set(input.eligibleEventIds)] : undefined;
  if (eligibleEventIds) await assertAccountEvents({ db, eventIds: eligibleEventIds, path: "eligibleEventIds" });
  if (input.courseEventId) await assertAccountEvent({ db, eventId: input.courseEventId, path: "courseEventId" });

  return db.$transaction(async (tx) => {
    // Edits of one product take turns, so two price-list edits cannot interleave.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Product" WHERE "id" = ${productId} AND "accountId" = ${accountId} FOR UPDATE`;
    if (locked.length === 0) throw new AppError("not_found");
    const current = await tx.product.findFirst({ where: { id: productId }, include: CURRENT_PRICES });
    if (!current) throw new AppError("not_found");

    const type = input.type ?? current.type;
    const classAllowance = input.classAllowance !== undefined ? input.classAllowance : current.classAllowance;
    const courseEventId = input.courseEventId !== undefined ? input.courseEventId : current.courseEventId;
    const issues = productRuleIssues({
      type,
      classAllowance,
      courseEventId,
      prices: input.prices ?? current.prices,
      ...mergedGiftCardFields(input, current),
    });
    if (input.prices) issues.push(...priceIdIssues(input.prices, new Set(current.prices.map((price) => price.id))));
    if (issues.length > 0) throw new AppError("validation_failed", { details: issues });

    if (input.prices) await replacePriceList(tx, { accountId, productId, prices: input.prices });
    await tx.product.updateMany({
      where: { id: productId },
      data: {
        type: input.type,
        name: input.name,
        description: input.description,
        classAllowance: input.classAllowance,
        validityDays: input.validityDays,
        purchaseLimitPerUser: input.purchaseLimitPerUser,
        eligibleEventIds,
        courseEventId: input.courseEventId,
        enrolUntil: input.enrolUntil === undefined ? undefined : input.enrolUntil && new Date(input.enrolUntil),
        newcomersOnly: input.newcomersOnly,
        vatExempt: input.vatRate === undefined ? undefined : input.vatRate === 0,
        validityMonths: input.validityMonths,
        customAmountMin: input.customAmount === undefined ? undefined : (input.customAmount?.min ?? null),
        customAmountMax: input.customAmount === undefined ? undefined : (input.customAmount?.max ?? null),
        giftCardDesign: input.giftCardDesign,
        status: input.status,
        updatedAt: new Date(),
      },
    });
    const updated = await tx.product.findFirst({ where: { id: productId }, include: CURRENT_PRICES });
    if (!updated) throw new AppError("not_found");
    return updated;
  });
}

/** The gift card fields as they will be after the edit (for the rules). */
function mergedGiftCardFields(input: UpdateProductInput, current: ProductWithPrices) {
  const currentCustom =
    current.customAmountMin !== null && current.customAmountMax !== null
      ? { min: current.customAmountMin, max: current.customAmountMax }
      : null;
  return {
    validityMonths: input.validityMonths !== undefined ? input.validityMonths : current.validityMonths,
    customAmount: input.customAmount !== undefined ? input.customAmount : currentCustom,
    giftCardDesign: input.giftCardDesign !== undefined ? input.giftCardDesign : current.giftCardDesign,
  };
}

function priceIdIssues(prices: PriceUpdateInput[], currentIds: Set<string>): ErrorDetail[] {
  const seen = new Set<string>();
  const issues: ErrorDetail[] = [];
  prices.forEach((price, index) => {
    if (price.id === undefined) return;
    if (!currentIds.has(price.id)) issues.push(ruleDetail(`prices.${index}.id`, "price_unknown"));
    else if (seen.has(price.id)) issues.push(ruleDetail(`prices.${index}.id`, "listed_twice"));
    seen.add(price.id);
  });
  return issues;
}

async function replacePriceList(
  tx: TenantTx,
  { accountId, productId, prices }: { accountId: string; productId: string; prices: PriceUpdateInput[] },
): Promise<void> {
  const kept: string[] = [];
  for (const [position, { id, ...price }] of prices.entries()) {
    if (id) {
      await tx.price.updateMany({ where: { id, productId, retired: false }, data: priceData(price, position) });
      kept.push(id);
    } else {
      const created = await tx.price.create({ data: { ...priceData(price, position), accountId, productId } });
      kept.push(created.id);
    }
  }
  await tx.price.updateMany({ where: { productId, retired: false, id: { notIn: kept } }, data: { retired: true } });
}
