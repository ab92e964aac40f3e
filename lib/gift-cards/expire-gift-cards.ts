import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { giftCardEndsAt, lockGiftCard, moveGiftCardBalance } from "./gift-card-ledger";

/** Cards looked at per run; the rest wait for the next run (every minute). */
const SWEEP_BATCH = 100;

/**
 * The periodic expiry of gift cards (decision 0051): an `active` or `used` card whose last day (the
 * studio's day of `expiresAt`) has ended at `now` becomes `expired`, its balance taken by an `expire`
 * entry of −balance (moveGiftCardBalance), and its holder is told on expiry (a gift card email of 0
 * days before, once: `lastExpiryNotice` 0) when something was left. One transaction per card, on the
 * card's locked row, whose status is read again under the lock: however many processes sweep at
 * once, a card expires once. Resolves with how many cards expired.
 */
export async function expireGiftCards(now: Date): Promise<number> {
  // expiresAt has passed: its day ends later the same day, which each card's zone decides below
  const due = await db.giftCard.findMany({
    where: { status: { in: ["active", "used"] }, expiresAt: { lt: now } },
    select: { id: true, accountId: true, expiresAt: true, account: { select: { timezone: true } } },
    orderBy: { expiresAt: "asc" },
    take: SWEEP_BATCH,
  });
  let expired = 0;
  for (const card of due) {
    if (giftCardEndsAt(card, card.account.timezone) > now) continue;
    const done = await tenantDb(card.accountId).$transaction(async (tx) => {
      const locked = await lockGiftCard(tx, card);
      if (!locked || (locked.status !== "active" && locked.status !== "used")) return false;
      if (locked.balance > 0) {
        await moveGiftCardBalance(tx, card, { kind: "expire", amount: -locked.balance, at: now });
      }
      const told = locked.balance > 0;
      await tx.giftCard.update({
        where: { id: card.id },
        data: { status: "expired", ...(told ? { lastExpiryNotice: 0 } : {}) },
      });
      if (told) {
        await tx.giftCardEmail.create({
          data: { accountId: card.accountId, giftCardId: card.id, kind: "expiry_notice", daysBefore: 0, dueAt: now },
        });
      }
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
