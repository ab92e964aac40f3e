import "server-only";
import type { Entitlement, Order, Price, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { entitlementTerms } from "./entitlement-terms";

/** The entitlement a paid order gives (see entitlement-terms.ts), written in the order's transaction. */
export async function createEntitlement(
  tx: TenantTx,
  {
    order,
    product,
    price,
    validFrom,
    note = null,
    createdAt,
  }: { order: Order; product: Product; price: Price; validFrom: Date; note?: string | null; createdAt?: Date },
): Promise<Entitlement> {
  const terms = entitlementTerms(product, price, validFrom);
  return tx.entitlement.create({
    data: {
      accountId: order.accountId,
      userId: order.userId,
      productId: order.productId,
      orderId: order.id,
      priceId: price.id,
      remainingClasses: terms.remainingClasses,
      validFrom,
      validUntil: terms.validUntil,
      note,
      createdAt,
    },
  });
}
