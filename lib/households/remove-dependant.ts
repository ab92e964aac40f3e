import "server-only";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { endMembership } from "@/lib/users/end-membership";
import { findOwnDependant } from "./find-own-dependant";

/**
 * The guardian removes their dependant from the studio (DELETE /me/dependants/{userId}; 404 for
 * anyone else's): the membership ends as any member's does (end-membership.ts: future bookings
 * cancelled with their credits returned, freed places to the waitlist), and the identity becomes
 * `disabled`, so no list shows it again. Past bookings stay as history, with the guardian.
 */
export async function removeDependant(options: {
  db: TenantDb;
  accountId: string;
  guardianId: string;
  userId: string;
}): Promise<void> {
  const { db, accountId, guardianId, userId } = options;
  await withRetry(
    () =>
      db.$transaction(async (tx) => {
        await findOwnDependant(tx, guardianId, userId);
        const notices = await endMembership({ tx, accountId, userId });
        await tx.user.update({ where: { id: userId }, data: { status: "disabled" } });
        await enqueueBookingEmails(tx, accountId, notices); // the attendees promoted into the places
      }, TRANSACTION_OPTIONS),
    { label: "DELETE /me/dependants/{userId}" },
  );
}
