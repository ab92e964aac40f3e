import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { NoticeEmailKind } from "./notice-email-facts";

/** One recipient of a notice email: a person, or each of the studio's administrators who is not disabled. */
export type NoticeRecipient = { userId: string } | "administrators";

/** What a notice email is about: the rows its email is rendered from when it is sent (notice-email-jobs.ts). */
export type NoticeSubject = {
  entitlementId?: string;
  webhookId?: string;
  orderId?: string;
  refundId?: string;
  standingBookingId?: string;
};

/**
 * Puts a notice email in the notice outbox (decision 0024), in the caller's transaction: one row
 * for each recipient, a person named twice (a buyer who is also an administrator) once. The email
 * is rendered when it is sent, in each recipient's own language, from what `subject` names; the
 * commit wakes the jobs runner (lib/db/outbox-writes.ts, decision 0028). Resolves with how many
 * rows were written (none for administrators when the studio has none left).
 */
export async function enqueueNoticeEmail(
  tx: Pick<TenantTx, "noticeEmail" | "membership">,
  {
    accountId,
    kind,
    to,
    ...subject
  }: NoticeSubject & {
    accountId: string;
    kind: NoticeEmailKind | "receipt" | "credit_note";
    to: NoticeRecipient | readonly NoticeRecipient[];
  },
): Promise<number> {
  const recipients = new Set<string>();
  for (const recipient of Array.isArray(to) ? to : [to as NoticeRecipient]) {
    if (recipient !== "administrators") {
      recipients.add(recipient.userId);
      continue;
    }
    const administrators = await tx.membership.findMany({
      where: { persona: "administrator", user: { status: { not: "disabled" } } },
      select: { userId: true },
    });
    for (const { userId } of administrators) recipients.add(userId);
  }
  if (recipients.size === 0) return 0;
  const { count } = await tx.noticeEmail.createMany({
    data: [...recipients].map((userId) => ({ accountId, kind, userId, ...subject })),
  });
  return count;
}
