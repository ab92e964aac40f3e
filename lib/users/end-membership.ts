import "server-only";
import type { BookingNotice } from "@/lib/bookings/booking-notice";
import { cancelMemberBookings } from "@/lib/bookings/cancel-member-bookings";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * Ends a user's participation in one account, inside the caller's transaction (decisions §3): the
 * membership (404 when there is none), their places in the account's groups, their sessions whose
 * active account is this one, their unused sign-in links for it, and their future bookings here
 * (`cancelled_by_studio`, credits returned, freed places to the waitlist). Returns the notices of
 * the promoted attendees, to be put in the email outbox in the same transaction.
 */
export async function endMembership({
  tx,
  accountId,
  userId,
}: {
  tx: TenantTx;
  accountId: string;
  userId: string;
}): Promise<BookingNotice[]> {
  const { count } = await tx.membership.deleteMany({ where: { accountId, userId } });
  if (count === 0) throw new AppError("not_found");
  await tx.groupMember.deleteMany({ where: { accountId, userId } });
  await tx.standingBooking.deleteMany({ where: { accountId, userId } }); // no class is booked for them any more
  await tx.session.deleteMany({ where: { accountId, userId } });
  await tx.magicLink.deleteMany({ where: { accountId, userId, consumedAt: null } });
  return cancelMemberBookings({ tx, accountId, userId });
}
