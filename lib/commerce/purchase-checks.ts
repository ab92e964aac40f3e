import "server-only";
import type { Price, Product } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import { isNewcomer } from "./newcomer";
import { isEligibleForPrice } from "./price-eligibility";

/** An active product and one of its current prices; 404 for an unknown or non-active product or price. */
export async function findPurchasable(
  db: TenantDb,
  { productId, priceId }: { productId: string; priceId?: string },
): Promise<{ product: Product; price: Price }> {
  if (priceId === undefined) throw new AppError("validation_failed", { details: [ruleDetail("priceId", "required")] });
  const product = await db.product.findFirst({
    where: { id: productId, status: "active" },
    include: { prices: { where: { id: priceId, retired: false } } },
  });
  const price = product?.prices[0];
  if (!product || !price) throw new AppError("not_found");
  return { product, price };
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
