import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { CURRENT_PRICES } from "./get-product-or-throw";

/** Every product of the account, of every status, oldest first. */
export async function listProducts({ db }: { db: TenantDb }) {
  return db.product.findMany({ include: CURRENT_PRICES, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
