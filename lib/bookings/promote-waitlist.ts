import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingRow } from "./booking-notice";
import { returnCredits, takeBestCredit } from "./entitlement-credits";
import type { LockedInstance } from "./lock-instance";

/**
 * Fills the free places of an instance whose row the caller has locked from its waitlist, in queue
 * order (`createdAt`, then `id`): each waitlisted booking whose attendee has a usable entitlement
 * (the one named when joining first, else the one that expires first) takes a credit and becomes
 * `confirmed`; one without stays waitlisted and the next is tried. The status change is conditional
 * (`WHERE status = 'waitlisted'`), so a booking is confirmed at most once. Nothing is promoted once
 * the instance has started or when it is cancelled. Returns the promoted bookings; `instance` gets
 * the new counters.
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
  const { accountId } = instance;
  let free = instance.capacity - instance.bookedCount;
  if (instance.status === "cancelled" || now >= instance.startsAt || free <= 0 || instance.waitlistCount <= 0)
    return [];

  const queue = await tx.$queryRaw<{ id: string; attendeeId: string; entitlementId: string | null }[]>`
    SELECT "id", "attendeeId", "entitlementId" FROM "Booking"
    WHERE "accountId" = ${accountId} AND "instanceId" = ${instance.id} AND "status" = 'waitlisted'
    ORDER BY "createdAt" ASC, "id" ASC`;

  const promoted: BookingRow[] = [];
  for (const waiting of queue) {
    if (free <= 0) break;
    const entitlementId = await takeBestCredit({
      tx,
      accountId,
      attendeeId: waiting.attendeeId,
      instance,
      preferred: waiting.entitlementId,
    });
    if (!entitlementId) continue;
    const [booking] = await tx.$queryRaw<BookingRow[]>`
      UPDATE "Booking" SET "status" = 'confirmed', "entitlementId" = ${entitlementId}
      WHERE "id" = ${waiting.id} AND "accountId" = ${accountId} AND "status" = 'waitlisted'
      RETURNING *`;
    if (!booking) {
      await returnCredits({ tx, accountId, entitlementIds: [entitlementId] });
      continue;
    }
    promoted.push(booking);
    free -= 1;
  }

  if (promoted.length > 0) {
    const [counters] = await tx.$queryRaw<{ bookedCount: number; waitlistCount: number }[]>`
      UPDATE "Instance"
      SET "bookedCount" = "bookedCount" + ${promoted.length}, "waitlistCount" = "waitlistCount" - ${promoted.length}
      WHERE "id" = ${instance.id} AND "accountId" = ${accountId}
      RETURNING "bookedCount", "waitlistCount"`;
    if (counters) Object.assign(instance, counters);
  }
  return promoted;
}
