import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";

/**
 * After a strike is written (a no-show marked, a late cancellation), in the same transaction: when
 * the member is now blocked (strike_block_until) and was not emailed about a block still running,
 * one conditional UPDATE remembers the block's end on their membership, and the one that did queues
 * a `strike_block` notice email, so a block is emailed once, when it starts, however many strikes
 * or processes arrive at once (decision 0024's pattern: the row lock makes a second writer wait and
 * find the block remembered). A later strike that lengthens a running
 * block only moves the remembered end. Whether an email was queued (its commit wakes the jobs).
 */
export async function noticeStrikeBlock(
  tx: TenantTx,
  { accountId, userId, now }: { accountId: string; userId: string; now: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const started = await tx.$executeRaw`
    UPDATE "Membership" m SET "strikeBlockNoticeUntil" = block."until"
      FROM (SELECT strike_block_until(${accountId}, ${userId}, ${at}::timestamp) AS "until") block
     WHERE m."accountId" = ${accountId} AND m."userId" = ${userId} AND block."until" IS NOT NULL
       AND (m."strikeBlockNoticeUntil" IS NULL OR m."strikeBlockNoticeUntil" <= ${at}::timestamp)`;
  const queued = started > 0 ? await enqueueNoticeEmail(tx, { accountId, kind: "strike_block", to: { userId } }) : 0;
  if (queued === 0) {
    await tx.$executeRaw`
      UPDATE "Membership" m SET "strikeBlockNoticeUntil" = block."until"
        FROM (SELECT strike_block_until(${accountId}, ${userId}, ${at}::timestamp) AS "until") block
       WHERE m."accountId" = ${accountId} AND m."userId" = ${userId} AND block."until" > m."strikeBlockNoticeUntil"`;
  }
  return queued > 0;
}
