import "server-only";
import type { GiftCard } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { giftCardPayable } from "./gift-card-payable";
import { lockGiftCard, moveGiftCardBalance } from "./gift-card-ledger";

/**
 * An administrator records that the studio paid `amount` of a card out (outside the system; default
 * all that can be): a `cash_out` entry of −amount. On an expired card (up to 12 months after) the
 * expiry is reversed for that amount first (an `expire` entry of +amount), so the entries still sum
 * to the balance. 409 `Payout exceeds the balance` past what can be paid out, and giftCardPayable's
 * 409s; 404 for another studio's card. A card paid out to nothing left is `cashed_out`; the holder's
 * request (payoutRequestedAt) is answered.
 */
export async function cashOutGiftCard({
  db,
  giftCardId,
  amount,
  now = new Date(),
}: {
  db: TenantDb;
  giftCardId: string;
  amount?: number;
  now?: Date;
}): Promise<GiftCard> {
  return withRetry(
    () =>
      db.$transaction(async (tx) => {
        const found = await tx.giftCard.findFirst({
          where: { id: giftCardId },
          include: { account: { select: { timezone: true } } },
        });
        if (!found) throw new AppError("not_found");
        const locked = await lockGiftCard(tx, found);
        if (!locked) throw new AppError("not_found");
        const card = { ...found, ...locked };
        const payable = await giftCardPayable(tx, card, { now, timezone: found.account.timezone });
        const paying = amount ?? payable.amount;
        if (paying > payable.amount) throw new AppError("gift_card_payout_exceeds");
        if (payable.expired) await moveOrThrow(tx, card, { kind: "expire", amount: paying, at: now });
        const moved = await moveOrThrow(tx, card, { kind: "cash_out", amount: -paying, at: now });
        const left = payable.amount - paying;
        return tx.giftCard.update({
          where: { id: card.id },
          data: { payoutRequestedAt: null, ...(left === 0 && moved.balance === 0 ? { status: "cashed_out" } : {}) },
        });
      }, TRANSACTION_OPTIONS),
    { label: "POST /gift-cards/{giftCardId}/cash-out" },
  );
}

async function moveOrThrow(
  tx: Parameters<typeof moveGiftCardBalance>[0],
  card: Pick<GiftCard, "id" | "accountId">,
  movement: Parameters<typeof moveGiftCardBalance>[2],
): Promise<GiftCard> {
  const moved = await moveGiftCardBalance(tx, card, movement);
  if (!moved) throw new AppError("gift_card_payout_exceeds");
  return moved.card;
}
