import "server-only";
import type { GiftCard } from "@prisma/client";
import { refundOrder } from "@/lib/commerce/refund-order";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { assertGiftCardOrderRefundable } from "./gift-card-order-refunds";

/**
 * An administrator voids a card sold in error: its order is refunded in full through the refund
 * path (refundOrder: the provider refunds it, a credit note), which voids the card (a `void` entry
 * of −balance, status `void`, `reason` kept): the one rule of a gift card order's refund, so only a
 * card not spent at all (409 `Gift card has been spent`). 404 for another studio's card.
 */
export async function voidGiftCard({
  db,
  giftCardId,
  reason,
}: {
  db: TenantDb;
  giftCardId: string;
  reason: string;
}): Promise<GiftCard> {
  const card = await db.giftCard.findFirst({ where: { id: giftCardId }, include: { order: true } });
  if (!card) throw new AppError("not_found");
  await assertGiftCardOrderRefundable(db, card.order, card.order.amount - card.order.refundedAmount);
  await refundOrder({ db, orderId: card.orderId, reason });
  return db.giftCard.findFirstOrThrow({ where: { id: giftCardId } });
}
