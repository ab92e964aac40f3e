import "server-only";
import { Prisma } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { serializeBooking } from "@/lib/schemas/booking";
import { enqueueWebhookEvents } from "@/lib/webhooks/enqueue-webhook-delivery";
import type { BookingRow } from "./booking-notice";
import { returnCredits } from "./entitlement-credits";
import type { LockedInstance } from "./lock-instance";

/** `heldOffer`: the booking was waitlisted with a place held for it (an offer, decision 0039). */
export type ReleasedBooking = BookingRow & { previousStatus: "confirmed" | "waitlisted"; heldOffer: boolean };

/**
 * Ends live bookings of one instance whose row the caller has locked (lock-instance.ts): every
 * `confirmed` or `waitlisted` booking that `filter` selects gets the status the caller decides,
 * by one conditional UPDATE (`… WHERE status IN ('confirmed', 'waitlisted')`), so a booking is
 * released at most once however often it is asked. Then, in the same transaction: the row's
 * counters drop by what was released, and the credit of each confirmed booking whose new status is
 * `cancelled` or `cancelled_by_studio` goes back to its entitlement (`late_cancelled` keeps it).
 * Each released booking is a `booking.cancelled` webhook event as of `now` (the commit wakes the
 * webhook sender after commit).
 * Returns the released bookings with their previous status; `instance` gets the new counters.
 * `{ entitlementId }` selects only the confirmed bookings that use that entitlement and were not
 * attended (a refund: the waitlisted ones stay in the queue and are promoted on another entitlement,
 * if the person has one; a class already checked in stays).
 * `{ offerLapsedBy }` selects the waitlisted bookings whose offer of a place expired by then (decision 0039).
 */
export async function releaseBookings({
  tx,
  instance,
  filter,
  statusFor,
  now,
}: {
  tx: TenantTx;
  instance: LockedInstance;
  filter: { bookingId: string } | { attendeeId: string } | { entitlementId: string } | { offerLapsedBy: Date } | "all";
  statusFor: {
    confirmed: "cancelled" | "late_cancelled" | "cancelled_by_studio";
    waitlisted: "cancelled" | "cancelled_by_studio";
  };
  now: Date;
}): Promise<ReleasedBooking[]> {
  const { accountId } = instance;
  const narrowing =
    filter === "all"
      ? Prisma.empty
      : "bookingId" in filter
        ? Prisma.sql`AND "id" = ${filter.bookingId}`
        : "attendeeId" in filter
          ? Prisma.sql`AND "attendeeId" = ${filter.attendeeId}`
          : "offerLapsedBy" in filter
            ? Prisma.sql`AND "status" = 'waitlisted' AND "offerExpiresAt" <= ${filter.offerLapsedBy}`
            : Prisma.sql`AND "entitlementId" = ${filter.entitlementId} AND "status" = 'confirmed' AND "attendance" IS DISTINCT FROM 'attended'`;
  const released = await tx.$queryRaw<ReleasedBooking[]>`
    WITH target AS (
      SELECT "id", "status", "offerExpiresAt" FROM "Booking"
      WHERE "accountId" = ${accountId} AND "instanceId" = ${instance.id}
        AND "status" IN ('confirmed', 'waitlisted') ${narrowing}
      FOR UPDATE
    )
    UPDATE "Booking" b
    SET "status" = CASE WHEN target."status" = 'waitlisted' THEN ${statusFor.waitlisted} ELSE ${statusFor.confirmed} END,
        "cancelledAt" = ${now}, "offerExpiresAt" = NULL
    FROM target
    WHERE b."id" = target."id" AND b."accountId" = ${accountId} AND b."status" IN ('confirmed', 'waitlisted')
    RETURNING b.*, target."status" AS "previousStatus", target."offerExpiresAt" IS NOT NULL AS "heldOffer"`;
  if (released.length === 0) return released;

  const confirmed = released.filter((booking) => booking.previousStatus === "confirmed").length;
  const waitlisted = released.length - confirmed;
  const held = released.filter((booking) => booking.heldOffer).length; // an offer's place is taken too
  const [counters] = await tx.$queryRaw<{ bookedCount: number; waitlistCount: number }[]>`
    UPDATE "Instance"
    SET "bookedCount" = "bookedCount" - ${confirmed + held}, "waitlistCount" = "waitlistCount" - ${waitlisted}
    WHERE "id" = ${instance.id} AND "accountId" = ${accountId}
    RETURNING "bookedCount", "waitlistCount"`;
  if (counters) Object.assign(instance, counters);

  await returnCredits({
    tx,
    accountId,
    entitlementIds: released
      .filter((booking) => booking.previousStatus === "confirmed" && booking.status !== "late_cancelled")
      .map((booking) => booking.entitlementId),
  });
  await enqueueWebhookEvents(tx, {
    accountId,
    type: "booking.cancelled",
    data: released.map((booking) => serializeBooking(booking)),
    now,
  });
  return released;
}
