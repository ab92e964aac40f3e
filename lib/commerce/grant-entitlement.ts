import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { GrantEntitlementInput } from "@/lib/schemas/entitlement";
import { placeOrder } from "./create-order";
import { getProductOrThrow } from "./get-product-or-throw";
import { lockMembership } from "./lock-membership";

/**
 * An administrator records a payment taken at the desk: a paid Order with provider `desk`, priced at
 * the product's first current price, and the entitlement that price gives. Any product of the
 * account (of any status) may be granted; the purchase limit and age rules of online checkout do not
 * apply, but the grant counts towards the limit. 404 for an unknown product or a person who is not
 * a member of the account.
 */
export async function grantEntitlement({
  db,
  accountId,
  userId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  input: GrantEntitlementInput;
}): Promise<Entitlement> {
  const product = await getProductOrThrow({ db, productId: input.productId });
  const price = product.prices[0];
  if (!price) throw new AppError("not_found");
  return db.$transaction(async (tx) => {
    if (!(await lockMembership(tx, { accountId, userId }))) throw new AppError("not_found");
    const { entitlement } = await placeOrder(tx, {
      userId,
      product,
      price,
      provider: "desk",
      paidAt: new Date(),
      note: input.note ?? null,
    });
    return entitlement!;
  });
}
