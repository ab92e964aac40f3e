import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { giveBackRedemption } from "./redeem-promo-code";

/**
 * A pending order failed (its payment page could not be opened, expired or the payment failed): it
 * becomes `failed` and gives back the promo code redemption it took. False when it was not pending.
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
  if (order.promoCodeId) await giveBackRedemption(tx, { accountId: order.accountId, promoCodeId: order.promoCodeId });
  return true;
}
