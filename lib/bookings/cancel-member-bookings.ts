import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingNotice } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";
import { releaseBookings } from "./release-bookings";

/**
 * The booking side of a membership removal (decisions §3), run inside removeMembership's transaction
 * after it deleted the membership: that delete holds the membership row until commit, so a booking
 * of this user that is still running (it share-locks the membership first, book-instance.ts) either
 * committed before (and is found here) or waits and then finds no membership. Each future instance
 * (start after now) where the user holds a live booking is locked in id order (no deadlock between
 * two removals); the booking becomes `cancelled_by_studio`, a confirmed one's credit is returned and
 * its place goes to the waitlist. The removed person is not emailed (no longer a member); the
 * promoted attendees are. Returns the notices to send after commit.
 */
export async function cancelMemberBookings({
  tx,
  accountId,
  userId,
}: {
  tx: TenantTx;
  accountId: string;
  userId: string;
}): Promise<BookingNotice[]> {
  const now = new Date();
  const instances = await tx.$queryRaw<{ instanceId: string }[]>`
    SELECT DISTINCT b."instanceId"
    FROM "Booking" b
    JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    WHERE b."accountId" = ${accountId} AND b."attendeeId" = ${userId}
      AND b."status" IN ('confirmed', 'waitlisted') AND i."startsAt" > ${now}
    ORDER BY b."instanceId"`;

  const notices: BookingNotice[] = [];
  for (const { instanceId } of instances) {
    const instance = await lockInstance({ tx, accountId, instanceId });
    if (!instance || instance.startsAt <= now) continue; // moved into the past meanwhile: kept as history
    const released = await releaseBookings({
      tx,
      instance,
      filter: { attendeeId: userId },
      statusFor: { confirmed: "cancelled_by_studio", waitlisted: "cancelled_by_studio" },
      now,
    });
    if (!released.some((booking) => booking.previousStatus === "confirmed" || booking.heldOffer)) continue;
    const promoted = await promoteWaitlist({ tx, instance, now });
    notices.push(...promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })));
  }
  return notices;
}
