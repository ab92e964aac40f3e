import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { PUBLIC_PRODUCT_TYPES } from "@/lib/schemas/product";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { CURRENT_PRICES } from "./get-product-or-throw";

/** Active drop-ins, passes and subscriptions of an active account, with their current prices; 404 for an unknown slug. */
export async function listPublicProducts({ slug }: { slug: string }) {
  const account = await getPublicAccountOrThrow({ slug });
  return tenantDb(account.id).product.findMany({
    where: { status: "active", type: { in: [...PUBLIC_PRODUCT_TYPES] } },
    include: CURRENT_PRICES,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
