import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/** Every id must be a product of the active account; anything else answers 400 with details. */
export async function assertAccountProducts({
  db,
  productIds,
  path,
}: {
  db: TenantDb;
  productIds: string[];
  path: string;
}): Promise<void> {
  if (productIds.length === 0) return;
  const products = await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true } });
  const known = new Set(products.map((product) => product.id));
  const details: ErrorDetail[] = [];
  productIds.forEach((id, index) => {
    if (!known.has(id)) details.push(ruleDetail(`${path}.${index}`, "product_unknown"));
  });
  if (details.length > 0) throw new AppError("validation_failed", { details });
}
