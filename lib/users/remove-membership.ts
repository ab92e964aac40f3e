import "server-only";
import { wakeJobs } from "@/lib/jobs/wake";
import type { TenantDb } from "@/lib/db/tenant-db";
import { cancelMemberBookings } from "@/lib/bookings/cancel-member-bookings";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";

/**
 * Ends a user's participation in the active account, in one transaction: the membership, the user's
 * places in the account's groups, their sessions whose active account is this one and their unused
 * sign-in links for it (decisions §3). The identity and its other accounts stay untouched.
 *
 * This is also where the user's future bookings in the account are cancelled (status
 * `cancelled_by_studio`, credits returned; decisions §3): the bookings feature adds that step to the
 * transaction below, so that a removed member never keeps a booking.
 */
export async function removeMembership(options: {
  db: TenantDb;
  accountId: string;
  /** Null for an API key, which has no membership of its own. */
  actorUserId: string | null;
  userId: string;
}): Promise<void> {
  const { db, accountId, actorUserId, userId } = options;
  if (userId === actorUserId) throw new AppError("own_membership");
  await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const { count } = await tx.membership.deleteMany({ where: { accountId, userId } });
        if (count === 0) throw new AppError("not_found");
        await tx.groupMember.deleteMany({ where: { accountId, userId } });
        await tx.session.deleteMany({ where: { accountId, userId } });
        await tx.magicLink.deleteMany({ where: { accountId, userId, consumedAt: null } });
        // Future live bookings → cancelled_by_studio, credits returned, freed places to the waitlist.
        const notices = await cancelMemberBookings({ tx, accountId, userId });
        await enqueueBookingEmails(tx, accountId, notices); // the promoted attendees
      }, TRANSACTION_OPTIONS),
    { label: "DELETE /memberships/{userId}" },
  );
  wakeJobs();
}
