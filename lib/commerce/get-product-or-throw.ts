import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { ProductWithPrices } from "@/lib/schemas/product";

/** `include` that loads a product's current price list in its order. */
export const CURRENT_PRICES = {
  prices: { where: { retired: false }, orderBy: [{ position: "asc" as const }, { createdAt: "asc" as const }] },
};

/** A product of the active account with its current prices; 404 for unknown or foreign ids. */
export async function getProductOrThrow({
  db,
  productId,
}: {
  db: TenantDb | TenantTx;
  productId: string;
}): Promise<ProductWithPrices> {
  const product = await db.product.findFirst({ where: { id: productId }, include: CURRENT_PRICES });
  if (!product) throw new AppError("not_found");
  return product;
}
