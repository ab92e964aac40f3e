import "server-only";
import type { Entitlement, Order, Price, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { entitlementTerms } from "./entitlement-terms";

/**
 * The entitlement a paid order gives (see entitlement-terms.ts), written in the order's transaction;
 * `providerSubscriptionId`: the provider's subscription that bills its later periods (Stripe).
 */
export function createEntitlement(
  tx: TenantTx,
  input: {
    order: Order;
    product: Product;
    price: Price;
    validFrom: Date;
    note?: string | null;
    createdAt?: Date;
    providerSubscriptionId?: string | null;
  },
): Promise<Entitlement> {
  return tx.entitlement.create({
    data: { ...entitlementData(input), providerSubscriptionId: input.providerSubscriptionId ?? null },
  });
}

/** The row of the entitlement an order gives (createEntitlement; several at once: placePaidOrders). */
export function entitlementData({
  order,
  product,
  price,
  validFrom,
  note = null,
  createdAt,
}: {
  order: Pick<Order, "id" | "accountId" | "userId" | "productId">;
  product: Pick<Product, "type" | "classAllowance" | "validityDays">;
  price: Price;
  validFrom: Date;
  note?: string | null;
  createdAt?: Date;
}) {
  const terms = entitlementTerms(product, price, validFrom);
  return {
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
  };
}
