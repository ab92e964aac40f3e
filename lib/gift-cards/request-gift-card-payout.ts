import "server-only";
import type { GiftCard } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { giftCardPayable } from "./gift-card-payable";
import { heldBy } from "./list-member-gift-cards";

/**
 * The holder of a card (its recipient by email, or its buyer when it was sent to no one) asks the
 * studio to pay its balance out ("Få pengene udbetalt"): payoutRequestedAt is set and the studio is
 * emailed, in its language. giftCardPayable's 409s (the 12 months after expiry ended; nothing left,
 * an expired card's expired amount counting); 404 for a card that is not theirs or another studio's.
 */
export async function requestGiftCardPayout({
  db,
  userId,
  giftCardId,
  now = new Date(),
}: {
  db: TenantDb;
  userId: string;
  giftCardId: string;
  now?: Date;
}): Promise<GiftCard> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } });
  return withRetry(
    () =>
      db.$transaction(async (tx) => {
        const card = await tx.giftCard.findFirst({
          where: { AND: [{ id: giftCardId }, heldBy(user)] },
          include: { account: { select: { timezone: true, contactEmail: true } } },
        });
        if (!card) throw new AppError("not_found");
        await giftCardPayable(tx, card, { now, timezone: card.account.timezone });
        const requested = await tx.giftCard.update({ where: { id: card.id }, data: { payoutRequestedAt: now } });
        await emailStudio(tx, card);
        return requested;
      }, TRANSACTION_OPTIONS),
    { label: "POST /me/gift-cards/{giftCardId}/payout-request" },
  );
}

/**
 * The studio hears of the request (notice outbox, rendered when sent): at its contact email when it
 * has one (one email, sent through the row of its first administrator, the outbox's recipients being
 * people), else each administrator; in the studio's language either way (notice-email-jobs.ts).
 */
async function emailStudio(
  tx: TenantTx,
  card: Pick<GiftCard, "accountId" | "orderId"> & { account: { contactEmail: string | null } },
): Promise<void> {
  const subject = { accountId: card.accountId, kind: "gift_card_payout_requested" as const, orderId: card.orderId };
  if (!card.account.contactEmail) {
    await enqueueNoticeEmail(tx, { ...subject, to: "administrators" });
    return;
  }
  const first = await tx.membership.findFirst({
    where: { persona: "administrator", user: { status: { not: "disabled" } } },
    orderBy: { createdAt: "asc" },
    select: { userId: true },
  });
  if (first) await enqueueNoticeEmail(tx, { ...subject, to: { userId: first.userId } });
}
