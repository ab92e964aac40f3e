import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingRow } from "./booking-notice";
import type { LockedInstance } from "./lock-instance";

/**
 * Fills the free places of an instance whose row the caller has locked from its waitlist: the
 * database function promote_waitlist (prisma/sql/functions/promote_waitlist.sql), which gives each
 * place by the same write as a booking (take_place), in queue order, and promotes nothing once the
 * instance has started at `now` or is cancelled. Returns the promoted bookings; `instance` gets the
 * new counters.
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
  const promoted = await tx.$queryRaw<BookingRow[]>`
    SELECT * FROM promote_waitlist(${instance.accountId}, ${instance.id}, ${now.toISOString()}::timestamp)`;
  instance.bookedCount += promoted.length;
  instance.waitlistCount -= promoted.length;
  return promoted;
}
