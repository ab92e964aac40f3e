import "server-only";
import { randomUUID } from "node:crypto";
import type { Entitlement, Order, Price, Product } from "@prisma/client";
import { entitlementData } from "@/lib/commerce/create-entitlement";
import { firstPayment } from "@/lib/commerce/instalments";
import { chargedAmount } from "@/lib/commerce/purchase-figures";
import type { Discount } from "@/lib/commerce/redeem-promo-code";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { GiftCardFor } from "@/lib/gift-cards/gift-card-ledger";
import { issueReceipts } from "@/lib/receipts/issue-receipts";
import { tenderOf } from "@/lib/payments/tenders";
import { productWithdrawal } from "@/lib/withdrawals/withdrawal-right";

type OrderRow = {
  userId: string;
  productId: string;
  /** The price paid for, with the amount charged (a provider's invoice may differ from the list price). */
  price: Pick<Price, "id" | "accountId" | "amount" | "currency">;
  /** `demo`, `stripe`, `desk` or `mobilepay`. */
  provider: string;
  providerRef?: string;
  /** Stripe: the PaymentIntent that pays it and the connected account that takes it (renewals by invoice). */
  paymentIntentId?: string | null;
  stripeAccountId?: string | null;
  /** Vipps MobilePay: the agreement and the charge that pays the order (a renewal's). */
  mobilepayAgreementId?: string | null;
  mobilepayChargeId?: string | null;
  /** A promo code's discount, taken off `price.amount`. */
  discount?: Discount | null;
  /** Part `instalment` of `instalments` of a price paid in instalments; `of`: the first order (null on the first). */
  instalment?: OrderInstalment | null;
  /** The right of withdrawal's days (online checkout of a product with the right), and when the buyer asked to start at once. */
  withdrawalDays?: number | null;
  startNowRequestedAt?: Date | null;
  /** The version of the studio's terms the buyer accepted (online checkout of a studio with terms). */
  termsVersion?: number | null;
  /** A gift card that pays `amount` of the order (its balance debited in the same transaction, with the order's id). */
  giftCardPayment?: GiftCardPayment | null;
  /** A gift card product's order: who the card is for, issued when the order is paid. */
  giftCardFor?: GiftCardFor | null;
};

export type GiftCardPayment = { giftCardId: string; amount: number };

export type OrderInstalment = { of: string | null; instalment: number; instalments: number };

/**
 * The one way an order row is written, `pending`, in the transaction of what it pays for. What
 * becomes of it is written by order-status.ts alone (markPaid, markFailed, markRefunded), which
 * runs what that brings (order-events.ts).
 */
export function createOrder(tx: TenantTx, row: OrderRow): Promise<Order> {
  return tx.order.create({ data: orderData(row) });
}

function orderData(row: OrderRow & { createdAt?: Date }) {
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
    status: "pending",
    providerRef: row.providerRef,
    paymentIntentId: row.paymentIntentId ?? null,
    stripeAccountId: row.stripeAccountId ?? null,
    mobilepayAgreementId: row.mobilepayAgreementId ?? null,
    mobilepayChargeId: row.mobilepayChargeId ?? null,
    createdAt: row.createdAt,
    instalmentOf: row.instalment?.of ?? null,
    instalment: row.instalment?.instalment ?? null,
    instalments: row.instalment?.instalments ?? null,
    withdrawalDays: row.withdrawalDays ?? null,
    startNowRequestedAt: row.startNowRequestedAt ?? null,
    termsVersion: row.termsVersion ?? null,
    giftCardId: row.giftCardPayment?.giftCardId ?? null,
    giftCardAmount: row.giftCardPayment?.amount ?? 0,
    ...(row.giftCardFor ? { giftCardFor: row.giftCardFor } : {}),
  };
}

/**
 * A purchase of `product` at `price`: its pending order. A price paid in instalments online is
 * bought by its first instalment (`amount / instalments`, instalments.ts); a tender that does not
 * pay in parts (the desk) takes the whole price at once. Online checkout and the desk's grant.
 */
export function placeOrder(
  tx: TenantTx,
  purchase: {
    userId: string;
    product: Product;
    price: Price;
    provider: string;
    discount?: Discount | null;
    giftCardPayment?: GiftCardPayment | null;
    giftCardFor?: GiftCardFor | null;
    /**
     * An online checkout: a distance contract, with the product's right of withdrawal (decision 0049)
     * and the studio's terms the buyer accepted (null: it has none).
     */
    online?: { startNowAt: Date | null; termsVersion: number | null };
  },
): Promise<Order> {
  const { product, price, online, ...rest } = purchase;
  const withdrawalDays = online ? (productWithdrawal(product)?.days ?? null) : null;
  const inParts = price.instalments !== null && tenderOf(purchase.provider).paysInParts;
  return createOrder(tx, {
    ...rest,
    productId: product.id,
    withdrawalDays,
    startNowRequestedAt: withdrawalDays === null ? null : (online?.startNowAt ?? null),
    termsVersion: online?.termsVersion ?? null,
    price: inParts ? firstPayment(price) : price,
    instalment: inParts ? { of: null, instalment: 1, instalments: price.instalments! } : null,
  });
}

type PaidPurchase = {
  userId: string;
  product: Product;
  price: Price;
  provider: string;
  paidAt: Date;
  createdAt?: Date;
  note?: string | null;
};

/**
 * A studio's past, written as it would have been left: paid orders with their receipt numbers (in
 * the order of their payment) and the entitlements they gave, in two statements, and nothing of
 * what a payment brings now (no email, no webhook event, no voucher). The demo studio's seed alone;
 * a payment made now goes through markPaid. The entitlements, in the order of `purchases`.
 */
export async function placePaidOrders(tx: TenantTx, purchases: PaidPurchase[]): Promise<Entitlement[]> {
  if (purchases.length === 0) return [];
  const rows = purchases.map((purchase) => ({
    id: randomUUID(),
    ...orderData({ ...purchase, productId: purchase.product.id }),
    status: "paid",
    paidAt: purchase.paidAt,
  }));
  const byPayment = [...rows].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const receipts = await issueReceipts(tx, { accountId: rows[0]!.accountId, orders: byPayment });
  const receiptOf = new Map(byPayment.map((row, index) => [row.id, receipts[index]!]));
  const orders = rows.map((row) => ({ ...row, ...receiptOf.get(row.id) }));
  await tx.order.createMany({ data: orders });
  const entitlements = purchases.map(({ product, price, paidAt, createdAt, note }, index) => ({
    id: randomUUID(),
    ...entitlementData({ order: orders[index]!, product, price, validFrom: paidAt, createdAt, note }),
  }));
  const written = new Map(
    (await tx.entitlement.createManyAndReturn({ data: entitlements })).map((entitlement) => [
      entitlement.id,
      entitlement,
    ]),
  );
  return entitlements.map(({ id }) => written.get(id)!);
}
