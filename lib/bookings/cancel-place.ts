import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { BookingRow } from "./booking-notice";
import { isLateCancellation } from "./booking-window";
import { noticeStrikeBlock } from "@/lib/strikes/notice-strike-block";
import { lockInstance } from "./lock-instance";
import { promoteAttendeeWaitlists } from "./promote-attendee-waitlists";
import { promoteWaitlist } from "./promote-waitlist";
import { releaseBookings, type ReleasedBooking } from "./release-bookings";

/**
 * The rule of a cancellation (decisions §7), evaluated as of `now` inside the caller's transaction:
 * under the instance's row lock, a confirmed booking becomes `late_cancelled` (credit kept) inside
 * the cancellation window and `cancelled` (credit returned) before it or with `refundCredit`; a
 * waitlisted one becomes `cancelled`; a freed place goes to the waitlist, and a returned credit may
 * place the attendee from another class's waitlist (promote-attendee-waitlists.ts); `promoted` holds
 * both. 404 for an instance the
 * account does not have, 409 `Booking is already cancelled` for a booking no longer live. An
 * attendee's cancellation is about a class ahead: once it has started, only staff correct the roster
 * (409 `Class has already started`). Used by
 * DELETE /bookings/{bookingId} (cancel-booking.ts, which also writes the emails) and the demo's past.
 */
export async function cancelPlace(
  tx: TenantTx,
  input: {
    accountId: string;
    instanceId: string;
    bookingId: string;
    now: Date;
    by: "attendee" | "staff";
    refundCredit?: boolean;
  },
): Promise<{ released: ReleasedBooking; promoted: BookingRow[] }> {
  const { accountId, instanceId, bookingId, now } = input;
  const instance = await lockInstance({ tx, accountId, instanceId });
  if (!instance) throw new AppError("not_found");
  if (input.by === "attendee" && instance.startsAt <= now) throw new AppError("class_already_started");
  const late = input.refundCredit !== true && isLateCancellation(now, instance.startsAt, instance);
  const [released] = await releaseBookings({
    tx,
    instance,
    filter: { bookingId },
    statusFor: { confirmed: late ? "late_cancelled" : "cancelled", waitlisted: "cancelled" },
    now,
  });
  if (!released) throw new AppError("booking_already_cancelled");
  // A late cancellation is a strike (lib/strikes): one that starts a block queues the member's email.
  if (released.status === "late_cancelled")
    await noticeStrikeBlock(tx, { accountId, userId: released.attendeeId, now });
  if (released.previousStatus !== "confirmed" && !released.heldOffer) return { released, promoted: [] };
  const promoted = await promoteWaitlist({ tx, instance, now });
  if (released.status === "cancelled") {
    promoted.push(...(await promoteAttendeeWaitlists({ tx, accountId, attendeeIds: [released.attendeeId], now })));
  }
  return { released, promoted };
}
