import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import type { LockedInstance } from "./lock-instance";

/**
 * Fills the free places of an instance whose row the caller has locked from its waitlist: the
 * database function promote_waitlist (prisma/sql/functions/promote_waitlist.sql), which gives each
 * place by the same write as a booking (take_place), in queue order, and promotes nothing once the
 * instance has started at `now` or is cancelled. In the account's `offer` mode, outside its auto
 * window, a place is offered instead (decision 0039): held for the booking until `offerExpiresAt`,
 * its `offered` email written here to the outbox. Returns the promoted (confirmed) bookings;
 * `instance` gets the new counters.
 */
export async function promoteWaitlist({
  tx,
  instance,
  now,
}: {
  tx: TenantTx;
  instance: LockedInstance;
  now: Date;
}): Promise<BookingRow[]> {
  const placed = await tx.$queryRaw<BookingRow[]>`
    SELECT * FROM promote_waitlist(${instance.accountId}, ${instance.id}, ${now.toISOString()}::timestamp)`;
  const promoted = placed.filter((booking) => booking.status === "confirmed");
  const offered = placed.filter((booking) => booking.status === "waitlisted");
  instance.bookedCount += placed.length;
  instance.waitlistCount -= promoted.length;
  await enqueueBookingEmails(
    tx,
    instance.accountId,
    offered.map((booking) => ({ kind: "offered" as const, bookingId: booking.id })),
  );
  return promoted;
}
