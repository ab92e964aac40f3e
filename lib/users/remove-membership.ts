import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { endMembership } from "./end-membership";

/**
 * Ends a user's participation in the active account, in one transaction (end-membership.ts): the
 * identity and its other accounts stay untouched. The removed person is not emailed (no longer a
 * member); the attendees promoted from the waitlist into their places are.
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
        const notices = await endMembership({ tx, accountId, userId });
        await enqueueBookingEmails(tx, accountId, notices); // the promoted attendees
      }, TRANSACTION_OPTIONS),
    { label: "DELETE /memberships/{userId}" },
  );
}
