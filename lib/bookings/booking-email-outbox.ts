import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingNotice } from "./booking-notice";

/**
 * The transactional outbox of booking emails. A transaction that changes bookings writes its emails
 * here (`enqueueBookingEmails`, one INSERT), so they are sent exactly when it commits, even if this
 * process dies right after; the commit then wakes the jobs runner (lib/db/outbox-writes.ts), which has this
 * process send them within moments, rendered in an email worker thread (booking-email-jobs.ts). A
 * notice with `notBefore` waits in the outbox until then (a later sweep sends it).
 */
export async function enqueueBookingEmails(
  tx: Pick<TenantTx, "bookingEmail">,
  accountId: string,
  notices: BookingNotice[],
): Promise<void> {
  if (notices.length === 0) return;
  await tx.bookingEmail.createMany({
    data: notices.map((notice) => ({
      accountId,
      bookingId: notice.bookingId,
      kind: notice.kind,
      wasWaitlisted: notice.wasWaitlisted === true,
      previousStartsAt: notice.previous?.startsAt ?? null,
      previousLocation: notice.previous?.location ?? null,
      // the runner claims no row before its lease ends: the email waits until then
      lockedUntil: notice.notBefore ?? null,
    })),
  });
}
