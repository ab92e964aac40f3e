import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { newestFirst } from "@/lib/schemas/page";

/** Providers whose payment is confirmed after the member comes back (a webhook, or the poll). */
const CONFIRMED_LATER = ["mobilepay", "stripe"];
/** How long after an order is opened the member's page still waits for its payment to be confirmed. */
export const AWAITED_FOR_MS = 60 * 60 * 1000;

/** An order whose outcome the member's page shows: still waited for, or declined / lapsed. */
export type AwaitedOrder = {
  id: string;
  productId: string;
  priceId: string;
  productName: string;
  provider: string;
  status: "pending" | "failed";
};

/**
 * The member's own orders opened within AWAITED_FOR_MS of `now` that a payment provider has not confirmed
 * yet (pending), newest first; and `returnedOrderId`, the order the member has just come back from
 * (the checkout's return address names it), when it failed: declined in MobilePay or lapsed. A paid or
 * refunded order, another person's, or one older than that, is not among them.
 */
export async function listAwaitedOrders({
  db,
  userId,
  now,
  returnedOrderId,
}: {
  db: TenantDb;
  userId: string;
  now: Date;
  returnedOrderId?: string | null;
}): Promise<AwaitedOrder[]> {
  const orders = await db.order.findMany({
    where: {
      userId,
      provider: { in: CONFIRMED_LATER },
      createdAt: { gte: new Date(now.getTime() - AWAITED_FOR_MS), lte: now },
      OR: [{ status: "pending" }, ...(returnedOrderId ? [{ id: returnedOrderId, status: "failed" }] : [])],
    },
    include: { product: { select: { name: true } } },
    orderBy: newestFirst(),
  });
  return orders.map((order) => ({
    id: order.id,
    productId: order.productId,
    priceId: order.priceId,
    productName: order.product.name,
    provider: order.provider,
    status: order.status === "failed" ? "failed" : "pending",
  }));
}
