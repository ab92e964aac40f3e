import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { shiftByStudioDays, studioDay } from "@/lib/studio-time/day";

/** The reminders before a card's expiry day, in days before it: each sent once, the nearer one last. */
export const GIFT_CARD_EXPIRY_NOTICE_DAYS = [60, 14] as const;

const SWEEP_BATCH = 200;

/**
 * Puts the expiry reminders due at `now` in the gift card outbox (decision 0051): an `active` card with
 * a balance is told from 00:00 of the studio's day 60 days before its expiry day, and again 14 days
 * before; a card first seen within 14 days gets the 14-day one alone. A card whose recipient's email has
 * not gone yet is not reminded (they do not have it). Each reminder once: `lastExpiryNotice` is lowered
 * by a conditional update (re-checked under the row's lock by a sweep that waited on another's), and
 * only the update that changed it writes the email. Resolves with how many were scheduled.
 */
export async function scheduleGiftCardExpiryNotices(now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + (GIFT_CARD_EXPIRY_NOTICE_DAYS[0] + 2) * 86_400_000);
  const candidates = await db.giftCard.findMany({
    where: {
      status: "active",
      balance: { gt: 0 },
      expiresAt: { lte: horizon },
      OR: [{ lastExpiryNotice: null }, { lastExpiryNotice: { gt: GIFT_CARD_EXPIRY_NOTICE_DAYS[1] } }],
      AND: [{ OR: [{ recipientEmail: null }, { deliveredAt: { not: null } }] }],
    },
    select: {
      id: true,
      accountId: true,
      expiresAt: true,
      lastExpiryNotice: true,
      account: { select: { timezone: true } },
    },
    orderBy: { expiresAt: "asc" },
    take: SWEEP_BATCH,
  });
  let scheduled = 0;
  for (const card of candidates) {
    const days = dueNotice(card.expiresAt, card.account.timezone, now);
    if (days === null || (card.lastExpiryNotice !== null && card.lastExpiryNotice <= days)) continue;
    const written = await tenantDb(card.accountId).$transaction(async (tx) => {
      const { count } = await tx.giftCard.updateMany({
        where: {
          id: card.id,
          status: "active",
          balance: { gt: 0 },
          OR: [{ lastExpiryNotice: null }, { lastExpiryNotice: { gt: days } }],
        },
        data: { lastExpiryNotice: days },
      });
      if (count === 0) return false;
      await tx.giftCardEmail.create({
        data: { accountId: card.accountId, giftCardId: card.id, kind: "expiry_notice", daysBefore: days, dueAt: now },
      });
      return true;
    });
    if (written) scheduled++;
  }
  return scheduled;
}

/** The nearest reminder due at `now` (14 or 60), or null: none yet, or the expiry day has come. */
function dueNotice(expiresAt: Date, timezone: string, now: Date): number | null {
  const expiryDay = studioDay(expiresAt, timezone).start;
  if (now >= expiryDay) return null;
  for (const days of [...GIFT_CARD_EXPIRY_NOTICE_DAYS].reverse()) {
    if (now >= shiftByStudioDays(expiryDay, -days, timezone)) return days;
  }
  return null;
}
