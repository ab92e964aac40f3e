import "server-only";
import type { Entitlement, Order, Price, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { createEntitlement } from "./create-entitlement";
import type { Discount } from "./redeem-promo-code";

type OrderRow = {
  userId: string;
  productId: string;
  /** The price paid for, with the amount charged (a provider's invoice may differ from the list price). */
  price: Pick<Price, "id" | "accountId" | "amount" | "currency">;
  /** `demo`, `stripe` or `desk`. */
  provider: string;
  /** Paid then; null leaves the order `pending` until its provider confirms the payment. */
  paidAt: Date | null;
  providerRef?: string;
  /** A promo code's discount, taken off `price.amount`. */
  discount?: Discount | null;
};

/** The one way an order row is written, in the transaction of what it pays for. */
export function createOrder(tx: TenantTx, row: OrderRow): Promise<Order> {
  return tx.order.create({
    data: {
      accountId: row.price.accountId,
      userId: row.userId,
      productId: row.productId,
      priceId: row.price.id,
      amount: Math.max(0, row.price.amount - (row.discount?.amount ?? 0)),
      discountAmount: row.discount?.amount ?? 0,
      promoCodeId: row.discount?.promoCodeId ?? null,
      currency: row.price.currency,
      provider: row.provider,
      status: row.paidAt ? "paid" : "pending",
      paidAt: row.paidAt,
      providerRef: row.providerRef,
    },
  });
}

/**
 * A purchase of `product` at `price`: the order and, once it is paid, the entitlement it gives from
 * the moment of payment (create-entitlement.ts). Online checkout, the desk's grant and the demo seed.
 */
export async function placeOrder(
  tx: TenantTx,
  purchase: {
    userId: string;
    product: Product;
    price: Price;
    provider: string;
    paidAt: Date | null;
    note?: string | null;
    discount?: Discount | null;
  },
): Promise<{ order: Order; entitlement: Entitlement | null }> {
  const { product, price, paidAt } = purchase;
  const order = await createOrder(tx, { ...purchase, productId: product.id });
  const entitlement = paidAt ? await createEntitlement(tx, { order, product, price, validFrom: paidAt, note: purchase.note }) : null;
  return { order, entitlement };
}
