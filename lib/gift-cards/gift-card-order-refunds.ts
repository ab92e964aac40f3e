import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { RefundedOrder } from "@/lib/orders/order-events";
import { giftCardRefundSplit } from "./gift-card-refund-split";
import { moveGiftCardBalance } from "./gift-card-ledger";

// What a refund means for gift cards (decision 0051), the one rule of POST /orders/{id}/refunds, of
// POST /gift-cards/{id}/void (which refunds the card's order) and of a withdrawal.

/**
 * A refund of an order that bought a gift card voids the card, so it must be all the order has left
 * and the card unspent (its balance all it was issued with, still `active`): 409 `Gift card has been
 * spent` otherwise. Orders that bought no card pass.
 */
export async function assertGiftCardOrderRefundable(
  db: TenantDb | TenantTx,
  order: Pick<Order, "id" | "amount" | "refundedAmount">,
  refunding: number,
): Promise<void> {
  const card = await db.giftCard.findFirst({ where: { orderId: order.id } });
  if (!card) return;
  const unspent = card.status === "active" && card.balance === card.initialAmount;
  if (!unspent || refunding !== order.amount - order.refundedAmount) throw new AppError("gift_card_spent");
}

/** What of a refund the order's provider moves back (the rest goes back to the card that paid it). */
export function providerRefundOf(
  order: Pick<Order, "amount" | "giftCardAmount" | "refundedAmount">,
  refunding: number,
) {
  return giftCardRefundSplit(order, refunding).provider;
}

/**
 * An "order.refunded" consequence: the part of the refund the card paid goes back to it (a `refund`
 * entry; its expiry is not extended), after the provider's part (giftCardRefundSplit).
 */
export async function refundToGiftCard(tx: TenantTx, { order, refund, at }: RefundedOrder): Promise<void> {
  if (!order.giftCardId || !refund) return;
  const before = { ...order, refundedAmount: order.refundedAmount - refund.amount };
  const { card } = giftCardRefundSplit(before, refund.amount);
  if (card === 0) return;
  const moved = await moveGiftCardBalance(
    tx,
    { id: order.giftCardId, accountId: order.accountId },
    { kind: "refund", amount: card, at, orderId: order.id },
  );
  if (!moved) throw new AppError("refund_exceeds_paid");
}

/**
 * An "order.refunded" consequence: an order that bought a card, refunded (in whole, or ended by a
 * withdrawal), voids it: a `void` entry of −balance, status `void`, the refund's reason kept.
 */
export async function voidBoughtGiftCard(tx: TenantTx, { order, at, full }: RefundedOrder): Promise<void> {
  if (!full) return;
  const card = await tx.giftCard.findFirst({ where: { orderId: order.id, status: { not: "void" } } });
  if (!card) return;
  if (card.balance > 0) {
    const moved = await moveGiftCardBalance(tx, card, { kind: "void", amount: -card.balance, at, orderId: order.id });
    if (!moved) throw new AppError("gift_card_spent");
  }
  await tx.giftCard.update({ where: { id: card.id }, data: { status: "void", voidReason: order.refundReason } });
}
