import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdBookingsWhere } from "@/lib/households/household-scope";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { assertManagesInstance, isStaff, type Actor } from "@/lib/auth/instance-permission";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingNotice, BookingRow } from "./booking-notice";
import { cancelPlace } from "./cancel-place";

/**
 * Cancels a booking (decisions §7): its owner, or someone who manages its class (an administrator,
 * or a teacher who teaches it: lib/auth/instance-permission.ts; another class's booking answers a
 * teacher 403); an attendee never finds another attendee's booking (404). A confirmed booking becomes `cancelled` (credit returned) before the
 * cancellation window (`cancellationWindowHours` before the start), `late_cancelled` (credit kept)
 * inside it; a waitlisted one becomes `cancelled`. A booking that is no longer live answers 409
 * `Booking is already cancelled`: the status change is one conditional UPDATE under the instance's
 * row lock, so however often (and however concurrently) the cancel is sent, one place is freed.
 * The freed place goes to the waitlist (promote-waitlist.ts) in the same transaction; the emails
 * (cancelled, promoted) are written to the outbox in it and sent after commit.
 * The rule itself, with its 409 `Class has already started` for an attendee, is cancel-place.ts.
 * `refundCredit` (the desk forgiving a late cancellation) makes a confirmed booking `cancelled` with
 * its credit returned even inside the window; it needs someone who manages the class, so an
 * attendee asking it for their own booking gets 403 (after the 404 of a booking they cannot see).
 */
export async function cancelBooking(options: {
  db: TenantDb;
  accountId: string;
  actor: Actor;
  bookingId: string;
  refundCredit?: boolean;
}): Promise<BookingRow> {
  const { db, accountId, actor, bookingId, refundCredit = false } = options;
  const found = await db.booking.findFirst({
    where: { AND: [{ id: bookingId }, visibleBookingsOf(actor)] },
    select: {
      instanceId: true,
      attendeeId: true,
      guestOfId: true,
      instance: { select: { teacherIds: true } },
    },
  });
  if (!found) throw new AppError("not_found");
  if (refundCredit || !(await isHouseholdBooking(db, actor, found))) assertManagesInstance(actor, found.instance);

  const booking = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const { released, promoted } = await cancelPlace(tx, {
          accountId,
          instanceId: found.instanceId,
          bookingId,
          now: new Date(),
          by: isStaff(actor.persona) ? "staff" : "attendee",
          refundCredit,
        });
        const notices: BookingNotice[] = [
          { kind: "cancelled", bookingId, wasWaitlisted: released.previousStatus === "waitlisted" },
          ...promoted.map((row) => ({ kind: "promoted" as const, bookingId: row.id })),
        ];
        await enqueueBookingEmails(tx, accountId, notices);
        return released as BookingRow;
      }, TRANSACTION_OPTIONS),
    { label: "DELETE /bookings/{bookingId}" },
  );
  return booking;
}

/**
 * Staff see every booking of the account (a class's is theirs to manage or not); anyone else their
 * own, their dependants' and their guests' (decision 0038).
 */
function visibleBookingsOf(actor: Actor): Prisma.BookingWhereInput {
  if (isStaff(actor.persona)) return {};
  if (actor.userId === null) throw new AppError("not_found");
  return householdBookingsWhere(actor.userId);
}

/** The actor's own booking, their dependant's or their guest's: theirs to cancel as the attendee would. */
async function isHouseholdBooking(
  db: TenantDb,
  actor: Actor,
  booking: { attendeeId: string; guestOfId: string | null },
): Promise<boolean> {
  if (actor.userId === null) return false;
  if (booking.attendeeId === actor.userId || booking.guestOfId === actor.userId) return true;
  const attendee = await db.user.findUnique({ where: { id: booking.attendeeId }, select: { guardianId: true } });
  return attendee?.guardianId === actor.userId;
}
