import "server-only";
import type { Entitlement, Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { HostedCheckout, PaymentProvider } from "@/lib/payments/payment-provider";
import { paymentProvider } from "@/lib/payments/provider";
import type { CheckoutInput } from "@/lib/schemas/order";
import { placeOrder } from "./create-order";
import { lockMembership } from "./lock-membership";
import { isEligibleForPrice } from "./price-eligibility";

export type CheckoutResult = { order: Order; checkoutUrl: string | null; entitlement: Entitlement | null };

/**
 * A member buys a product for themself. Checked in this order: 404 unknown or non-active product,
 * unknown or retired price; 409 `Purchase limit reached` (paid orders and desk grants of this person
 * for the product, counted under a lock on their membership so concurrent checkouts take turns);
 * 409 `Not eligible for this price` (age on the purchase day in the studio's timezone).
 *
 * Demo provider, and free one-off prices with any provider: the order is paid at once and the
 * entitlement is created in the same transaction. Stripe: the order stays `pending`, a Checkout
 * Session is opened after the transaction and the webhook fulfils the order later.
 */
export async function startCheckout({
  db,
  accountId,
  userId,
  input,
  provider = paymentProvider(),
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  input: CheckoutInput;
  provider?: PaymentProvider;
}): Promise<CheckoutResult> {
  const product = await db.product.findFirst({
    where: { id: input.productId, status: "active" },
    include: { prices: { where: { id: input.priceId, retired: false } } },
  });
  const price = product?.prices[0];
  if (!product || !price) throw new AppError("not_found");
  const [account, buyer] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId } }),
    db.user.findUniqueOrThrow({ where: { id: userId } }),
  ]);
  const paidAtOnce = provider.settlement === "immediate" || (price.amount === 0 && price.interval === null);

  const created = await db.$transaction(async (tx) => {
    if (!(await lockMembership(tx, { accountId, userId }))) throw new AppError("not_found");
    if (product.purchaseLimitPerUser !== null) {
      const bought = await tx.order.count({ where: { userId, productId: product.id, status: "paid" } });
      if (bought >= product.purchaseLimitPerUser) throw new AppError("purchase_limit_reached");
    }
    if (!isEligibleForPrice(price, buyer, { timezone: account.timezone })) throw new AppError("not_eligible_for_price");
    return placeOrder(tx, { userId, product, price, provider: provider.name, paidAt: paidAtOnce ? new Date() : null });
  });
  if (paidAtOnce) return { ...created, checkoutUrl: null };

  let hosted: HostedCheckout;
  try {
    hosted = await provider.createHostedCheckout({
      orderId: created.order.id,
      accountId,
      buyerEmail: buyer.email,
      productName: product.name,
      amount: price.amount,
      currency: price.currency,
      interval: price.interval as "week" | "month" | "year" | null,
      intervalCount: price.intervalCount,
    });
  } catch (error) {
    log.error("payment provider failed to open a checkout", {
      provider: provider.name,
      orderId: created.order.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    await db.order.updateMany({ where: { id: created.order.id, status: "pending" }, data: { status: "failed" } });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
  const [order] = await db.order.updateManyAndReturn({
    where: { id: created.order.id },
    data: { providerRef: hosted.providerRef },
  });
  return { order: order ?? created.order, checkoutUrl: hosted.checkoutUrl, entitlement: null };
}
