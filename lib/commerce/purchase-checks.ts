import "server-only";
import type { Price, Product } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { ruleDetail, type ErrorDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import { isNewcomer } from "./newcomer";
import { isEligibleForPrice } from "./price-eligibility";

/**
 * What a checkout buys: an active product and one of its current prices (404 for an unknown or
 * non-active product or price), or a gift card product's amount of the buyer's choice (`amount`
 * instead of `priceId`: 400 for both or neither, for a product without `customAmount`, or out of its
 * bounds). A chosen amount's price is not yet written (`customAmount` set): the checkout writes it,
 * retired, for its order (savePurchasePrice).
 */
export async function findPurchasable(
  db: TenantDb,
  { productId, priceId, amount }: { productId: string; priceId?: string; amount?: number },
): Promise<{ product: Product; price: Price; customAmount: boolean }> {
  if (priceId !== undefined && amount !== undefined)
    throw new AppError("validation_failed", { details: [ruleDetail("amount", "price_or_amount")] });
  if (amount !== undefined) return { ...(await customAmountPrice(db, productId, amount)), customAmount: true };
  if (priceId === undefined) throw new AppError("validation_failed", { details: [ruleDetail("priceId", "required")] });
  const product = await db.product.findFirst({
    where: { id: productId, status: "active" },
    include: { prices: { where: { id: priceId, retired: false } } },
  });
  const price = product?.prices[0];
  if (!product || !price) throw new AppError("not_found");
  return { product, price, customAmount: false };
}

/** A gift card product's price of `amount` (unsaved: its id empty), within the product's `customAmount`. */
async function customAmountPrice(
  db: TenantDb,
  productId: string,
  amount: number,
): Promise<{ product: Product; price: Price }> {
  const product = await db.product.findFirst({ where: { id: productId, status: "active" } });
  if (!product) throw new AppError("not_found");
  const refuse = (detail: ErrorDetail) => new AppError("validation_failed", { details: [detail] });
  if (product.type !== "gift_card") throw refuse(ruleDetail("amount", "gift_card_only"));
  const { customAmountMin: minimum, customAmountMax: maximum } = product;
  if (minimum === null || maximum === null) throw refuse(ruleDetail("amount", "custom_amount_not_offered"));
  if (amount < minimum || amount > maximum)
    throw refuse(ruleDetail("amount", "custom_amount_bounds", { minimum, maximum }));
  const account = await db.account.findUniqueOrThrow({ where: { id: product.accountId }, select: { currency: true } });
  const price: Price = {
    ...{ id: "", accountId: product.accountId, productId: product.id, amount, currency: account.currency },
    ...{ interval: null, intervalCount: null, instalments: null, minAge: null, maxAge: null },
    ...{ position: 0, retired: true, createdAt: new Date() },
  };
  return { product, price };
}

/** The price a checkout's order references: a chosen amount's written now, retired (no one else buys it), in `tx`. */
export async function savePurchasePrice(tx: TenantTx, price: Price, customAmount: boolean): Promise<Price> {
  if (!customAmount) return price;
  const { id: _unsaved, createdAt: _now, ...row } = price;
  return tx.price.create({ data: row });
}

/**
 * Whether this buyer may buy `product` at `price` now, checked as POST /checkout and POST
 * /checkout/quote both check it: 409 `Purchase limit reached` (their paid orders of the product),
 * then 409 `Only for new customers` (an intro offer, newcomer.ts), then 409 `Not eligible for this
 * price` (age on the purchase day in the studio's timezone).
 */
export async function assertMayBuy(
  db: Pick<TenantTx, "order" | "booking">,
  {
    userId,
    product,
    price,
    buyer,
    timezone,
    now,
  }: {
    userId: string;
    product: Product;
    price: Price;
    buyer: { dateOfBirth: Date | null };
    timezone: string;
    now: Date;
  },
): Promise<void> {
  if (product.purchaseLimitPerUser !== null) {
    // A later instalment pays for a purchase already counted (its first order).
    const bought = await db.order.count({
      where: { userId, productId: product.id, status: "paid", instalmentOf: null },
    });
    if (bought >= product.purchaseLimitPerUser) throw new AppError("purchase_limit_reached");
  }
  if (product.newcomersOnly && !(await isNewcomer(db, userId))) throw new AppError("newcomers_only");
  if (!isEligibleForPrice(price, buyer, { timezone, now })) throw new AppError("not_eligible_for_price");
}
