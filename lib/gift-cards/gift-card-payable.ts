import "server-only";
import type { GiftCard } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { giftCardPayoutUntil } from "./gift-card-ledger";

/**
 * What of a card can still be paid out at `now` (forbrug.dk: during its validity and for 12 months
 * after it expired): its balance, or on an `expired` card what its expiry took and no payout has
 * given back since (the `expire` entries' sum, negated). 409 `Gift card can no longer be paid out`
 * past giftCardPayoutUntil; 409 `Gift card has no balance left` when nothing is left (a card used up,
 * paid out or void).
 */
export async function giftCardPayable(
  db: TenantDb | TenantTx,
  card: Pick<GiftCard, "id" | "status" | "balance" | "expiresAt">,
  { now, timezone }: { now: Date; timezone: string },
): Promise<{ amount: number; expired: boolean }> {
  if (now >= giftCardPayoutUntil(card, timezone)) throw new AppError("gift_card_payout_ended");
  const expired = card.status === "expired";
  const amount = expired ? await expiredLeft(db, card.id) : card.status === "void" ? 0 : card.balance;
  if (amount <= 0) throw new AppError("gift_card_empty");
  return { amount, expired };
}

async function expiredLeft(db: TenantDb | TenantTx, giftCardId: string): Promise<number> {
  const { _sum } = await db.giftCardEntry.aggregate({ where: { giftCardId, kind: "expire" }, _sum: { amount: true } });
  return -(_sum.amount ?? 0);
}
