import "server-only";
import { randomUUID } from "node:crypto";
import type { Entitlement, Order, Price, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { issueReceipt, issueReceipts } from "@/lib/receipts/issue-receipts";
import { enqueueOrderEvent } from "@/lib/webhooks/enqueue-order-event";
import { createEntitlement, entitlementData } from "./create-entitlement";
import { firstPayment } from "./instalments";
import { chargedAmount } from "./purchase-figures";
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
  /** Recorded as a payment that did not go through (`failed`; paidAt null): a provider's failed instalment. */
  failed?: boolean;
  providerRef?: string;
  /** Stripe: the PaymentIntent that paid it and the connected account that took it (renewals by invoice). */
  paymentIntentId?: string | null;
  stripeAccountId?: string | null;
  /** Vipps MobilePay: the agreement and the charge that pays the order (a renewal's). */
  mobilepayAgreementId?: string | null;
  mobilepayChargeId?: string | null;
  /** Dates the row (the demo's seeded past); by default the database's clock. */
  createdAt?: Date;
  /** A promo code's discount, taken off `price.amount`. */
  discount?: Discount | null;
  /** Part `instalment` of `instalments` of a price paid in instalments; `of`: the first order (null on the first). */
  instalment?: OrderInstalment | null;
};

export type OrderInstalment = { of: string | null; instalment: number; instalments: number };

/**
 * The one way an order row is written, in the transaction of what it pays for; a paid one takes its
 * receipt number there (issue-receipts.ts) and is an `order.paid` webhook event.
 */
export async function createOrder(tx: TenantTx, row: OrderRow): Promise<Order> {
  const data = orderData(row);
  const receipt = data.paidAt ? await issueReceipt(tx, data) : {};
  const order = await tx.order.create({ data: { ...data, ...receipt } });
  if (order.paidAt) await enqueueOrderEvent(tx, "order.paid", order, order.paidAt); // paidAt: the caller's now
  return order;
}

function orderData(row: OrderRow) {
  return {
    accountId: row.price.accountId,
    userId: row.userId,
    productId: row.productId,
    priceId: row.price.id,
    amount: chargedAmount(row.price.amount, row.discount?.amount ?? 0),
    discountAmount: row.discount?.amount ?? 0,
    promoCodeId: row.discount?.promoCodeId ?? null,
    currency: row.price.currency,
    provider: row.provider,
    status: row.paidAt ? "paid" : row.failed ? "failed" : "pending",
    paidAt: row.paidAt,
    providerRef: row.providerRef,
    paymentIntentId: row.paymentIntentId ?? null,
    stripeAccountId: row.stripeAccountId ?? null,
    mobilepayAgreementId: row.mobilepayAgreementId ?? null,
    mobilepayChargeId: row.mobilepayChargeId ?? null,
    createdAt: row.createdAt,
    instalmentOf: row.instalment?.of ?? null,
    instalment: row.instalment?.instalment ?? null,
    instalments: row.instalment?.instalments ?? null,
  };
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
    /** Dates the order and entitlement rows (the demo's seeded past); by default the database's clock. */
    createdAt?: Date;
    discount?: Discount | null;
  },
): Promise<{ order: Order; entitlement: Entitlement | null }> {
  const { product, price, paidAt, createdAt } = purchase;
  // A price paid in instalments online: this order is the first, of `amount / instalments`
  // (instalments.ts). The desk takes the whole price at once.
  const inParts = price.instalments !== null && purchase.provider !== "desk";
  const order = await createOrder(tx, {
    ...purchase,
    productId: product.id,
    price: inParts ? firstPayment(price) : price,
    instalment: inParts ? { of: null, instalment: 1, instalments: price.instalments! } : null,
  });
  const entitlement = paidAt
    ? await createEntitlement(tx, { order, product, price, validFrom: paidAt, note: purchase.note, createdAt })
    : null;
  return { order, entitlement };
}

type PaidPurchase = {
  userId: string;
  product: Product;
  price: Price;
  provider: string;
  paidAt: Date;
  createdAt?: Date;
};

/**
 * Several paid purchases in two statements, the rows placeOrder writes for each (for writers of a
 * seeded past: the demo fixture). The entitlements, in the order of `purchases`.
 */
export async function placePaidOrders(tx: TenantTx, purchases: PaidPurchase[]): Promise<Entitlement[]> {
  if (purchases.length === 0) return [];
  const rows = purchases.map((purchase) => ({
    id: randomUUID(),
    ...orderData({ ...purchase, productId: purchase.product.id }),
  }));
  // Receipt numbers follow the payments' dates, whatever the order of `purchases`.
  const byPayment = [...rows].sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime());
  const receipts = await issueReceipts(tx, {
    accountId: rows[0]!.accountId,
    orders: byPayment,
  });
  const receiptOf = new Map(byPayment.map((row, index) => [row.id, receipts[index]!]));
  const orders = rows.map((row) => ({ ...row, ...receiptOf.get(row.id) }));
  await tx.order.createMany({ data: orders });
  const entitlements = purchases.map(({ product, price, paidAt, createdAt }, index) => ({
    id: randomUUID(),
    ...entitlementData({ order: orders[index]!, product, price, validFrom: paidAt, createdAt }),
  }));
  const written = new Map(
    (await tx.entitlement.createManyAndReturn({ data: entitlements })).map((entitlement) => [
      entitlement.id,
      entitlement,
    ]),
  );
  return entitlements.map(({ id }) => written.get(id)!);
}
