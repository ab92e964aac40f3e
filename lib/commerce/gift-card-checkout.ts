import "server-only";
import type { GiftCard, Product } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import { findGiftCardByCode } from "@/lib/gift-cards/find-gift-card";
import {
  giftCardEndsAt,
  giftCardPayoutUntil,
  lockGiftCard,
  moveGiftCardBalance,
  type GiftCardFor,
} from "@/lib/gift-cards/gift-card-ledger";
import type { GiftCardPayment } from "@/lib/orders/create-order";
import type { GiftCardPurchaseInput } from "@/lib/schemas/gift-card";
import { shiftByStudioDays, shiftByStudioMonths } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";

/**
 * Who a gift card bought at checkout is for (Order.giftCardFor): required for a `gift_card` product
 * (400 at `giftCard`) and refused for any other (400). `deliverOn` defaults to today in the studio's
 * zone; it is not before today and at most a year ahead (400). Null for any other product.
 */
export function giftCardForPurchase(
  product: Pick<Product, "type">,
  giftCard: GiftCardPurchaseInput | undefined,
  { timezone, now }: { timezone: string; now: Date },
): GiftCardFor | null {
  const refuse = (code: "required" | "gift_card_only" | "deliver_on_past" | "deliver_on_too_far", path = "giftCard") =>
    new AppError("validation_failed", { details: [ruleDetail(path, code)] });
  if (product.type !== "gift_card") {
    if (giftCard) throw refuse("gift_card_only");
    return null;
  }
  if (!giftCard) throw refuse("required");
  const today = studioDate(now, timezone);
  const deliverOn = giftCard.deliverOn ?? today;
  if (deliverOn < today) throw refuse("deliver_on_past", "giftCard.deliverOn");
  if (deliverOn > studioDate(shiftByStudioMonths(now, 12, timezone), timezone))
    throw refuse("deliver_on_too_far", "giftCard.deliverOn");
  return {
    recipientName: giftCard.recipientName,
    recipientEmail: giftCard.recipientEmail ?? null,
    message: giftCard.message || null,
    deliverOn,
  };
}

/**
 * The card a buyer's `giftCardCode` names, if it can pay for `product` now: 409 `Gift cards cannot
 * pay for gift cards` for a gift card product; 404 `Gift card not found` for a code of no card of this
 * studio (each wrong guess counted against `clientIp`, 429 past the limit: find-gift-card.ts); 409
 * `Gift card has expired` once past the end of its `expiresAt` day (a detail says until which day it
 * can still be paid out); 409 `Gift card has no balance left` when spent, cashed out or void.
 */
export async function findPayingGiftCard(
  db: TenantDb,
  {
    code,
    clientIp,
    product,
    timezone,
    now,
  }: { code: string; clientIp: string; product: Pick<Product, "type">; timezone: string; now: Date },
): Promise<GiftCard> {
  if (product.type === "gift_card") throw new AppError("gift_card_for_gift_card");
  const card = await findGiftCardByCode(db, code, { clientIp });
  if (card.status === "expired" || now >= giftCardEndsAt(card, timezone)) {
    // The last day it can be paid out: the day before the exclusive end of the payout window.
    const payoutUntil = studioDate(shiftByStudioDays(giftCardPayoutUntil(card, timezone), -1, timezone), timezone);
    throw new AppError("gift_card_expired", {
      details: [ruleDetail("giftCardCode", "gift_card_payout_until", { payoutUntil })],
    });
  }
  if (card.status !== "active" || card.balance === 0) throw new AppError("gift_card_empty");
  return card;
}

/**
 * What the card pays of `charged` now, under its lock (concurrent orders spending it take turns, and
 * each sees the balance the other left): as much as its balance can. 409 `Gift card has no balance
 * left` when another order took the last meanwhile. Null when nothing is charged (the card keeps its
 * balance). The order, once written with it, takes it with takeGiftCardPayment.
 */
export async function giftCardPaymentOf(
  tx: TenantTx,
  card: Pick<GiftCard, "id" | "accountId">,
  charged: number,
): Promise<GiftCardPayment | null> {
  const locked = await lockGiftCard(tx, card);
  if (!locked || locked.status !== "active" || locked.balance === 0) throw new AppError("gift_card_empty");
  if (charged === 0) return null;
  return { giftCardId: card.id, amount: Math.min(locked.balance, charged) };
}

/** The order's part is taken off the card's balance (its `redeem` entry), in the order's transaction. */
export async function takeGiftCardPayment(
  tx: TenantTx,
  { accountId, orderId, payment, at }: { accountId: string; orderId: string; payment: GiftCardPayment; at: Date },
): Promise<void> {
  const moved = await moveGiftCardBalance(
    tx,
    { id: payment.giftCardId, accountId },
    { kind: "redeem", amount: -payment.amount, at, orderId },
  );
  if (!moved) throw new AppError("gift_card_empty");
}
