import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdBookingsWhere, type Household } from "@/lib/households/household-scope";
import { withWaitlistPositions } from "./waitlist-positions";

/**
 * The user's bookings in the account, of every status, with their instance and event, in the
 * chronological order of the instances (then booking time, then id). `from` (inclusive) and `to`
 * (exclusive) bound the instance's start; `endsAfter` keeps only classes ending after it (not over yet). Each with the order behind its pass (shown-booking-status.ts).
 * `household`: also the bookings of the user's dependants and guests (GET /me/bookings, decision 0038).
 * Each waitlisted one with its place in the queue (`waitlistPosition`, waitlist-positions.ts).
 */
export async function listPersonBookings({
  db,
  userId,
  from,
  to,
  endsAfter,
  household,
}: {
  db: TenantDb;
  userId: string;
  from?: Date;
  to?: Date;
  endsAfter?: Date;
  household?: Household;
}) {
  const bookings = await db.booking.findMany({
    where: {
      ...(household ? householdBookingsWhere(household) : { attendeeId: userId }),
      ...(from || to || endsAfter
        ? {
            instance: {
              ...(from || to ? { startsAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
              ...(endsAfter ? { endsAt: { gt: endsAfter } } : {}),
            },
          }
        : {}),
    },
    include: {
      instance: { include: { event: true } },
      attendee: { select: { displayName: true } }, // whom a household's booking is for
      // for shownBookingStatus: a booking cancelled by its pass's refund reads as refunded
      entitlement: { select: { order: { select: { status: true, refundedAt: true } } } },
    },
    orderBy: [{ instance: { startsAt: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
  });
  return withWaitlistPositions(db, bookings);
}
