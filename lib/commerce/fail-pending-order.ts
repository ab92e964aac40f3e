import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { releaseSeatHolds } from "./course-seat-holds";
import { giveBackRedemption } from "./redeem-promo-code";

/**
 * A pending order failed (its payment page could not be opened, expired or the payment failed): it
 * becomes `failed` and gives back the promo code redemption it took and the seats held for it in the
 * classes of a course (their places go to the waitlists; the caller wakes the email sender). False
 * when it was not pending.
 */
export async function failPendingOrder(
  tx: TenantTx,
  { orderId, provider }: { orderId: string; provider: string },
): Promise<boolean> {
  const [order] = await tx.order.updateManyAndReturn({
    where: { id: orderId, provider, status: "pending" },
    data: { status: "failed" },
  });
  if (!order) return false;
  // The classes first, then the promo code: the order in which a checkout locks them.
  await releaseSeatHolds(tx, { accountId: order.accountId, orderId: order.id, now: new Date() });
  if (order.promoCodeId) await giveBackRedemption(tx, { accountId: order.accountId, promoCodeId: order.promoCodeId });
  return true;
}
