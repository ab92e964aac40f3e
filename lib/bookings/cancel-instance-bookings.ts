import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingNotice } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { promoteAttendeeWaitlists } from "./promote-attendee-waitlists";
import { releaseBookings } from "./release-bookings";

/**
 * The booking side of an instance cancel (decisions §4), run inside cancelInstance's transaction
 * after it updated (and so locked) the instance row: every confirmed and waitlisted booking becomes
 * `cancelled_by_studio`, confirmed ones get their credit back, the counters drop to zero. Returns
 * the new counters and the notices for the "class cancelled by the studio" emails, which the caller
 * puts in the outbox in the same transaction (booking-email-outbox.ts). The credits returned may
 * place those attendees from other classes' waitlists (promote-attendee-waitlists.ts): `promoted` notices.
 */
export async function cancelInstanceBookings({
  tx,
  accountId,
  instanceId,
  now,
}: {
  tx: TenantTx;
  accountId: string;
  instanceId: string;
  now: Date;
}): Promise<{ counters: { bookedCount: number; waitlistCount: number }; notices: BookingNotice[] }> {
  const instance = await lockInstance({ tx, accountId, instanceId }); // already ours: reads the row and policy
  if (!instance) return { counters: { bookedCount: 0, waitlistCount: 0 }, notices: [] };
  const released = await releaseBookings({
    tx,
    instance,
    filter: "all",
    statusFor: { confirmed: "cancelled_by_studio", waitlisted: "cancelled_by_studio" },
    now,
  });
  const counters = { bookedCount: instance.bookedCount, waitlistCount: instance.waitlistCount };
  const promoted = await promoteAttendeeWaitlists({
    tx,
    accountId,
    attendeeIds: released
      .filter((booking) => booking.previousStatus === "confirmed")
      .map((booking) => booking.attendeeId),
    now,
  });
  return {
    counters,
    notices: [
      ...released.map((booking) => ({
        kind: "cancelled_by_studio" as const,
        bookingId: booking.id,
        wasWaitlisted: booking.previousStatus === "waitlisted",
      })),
      ...promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })),
    ],
  };
}
