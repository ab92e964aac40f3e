import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { householdBookingsWhere } from "@/lib/households/household-scope";
import { isStaff, type Actor } from "@/lib/auth/instance-permission";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import { lockInstance, type LockedInstance } from "./lock-instance";

/**
 * Claims the place offered to a waitlisted booking (POST /bookings/{bookingId}/claim, decision 0039):
 * its attendee, or the guardian of a dependant, or the host of a guest, as they would cancel it
 * (decision 0038). Staff see every booking but claim none that is not theirs (403); anyone else
 * never finds another's booking (404). Under the instance's row lock: 409 `Booking has no offer` for
 * a booking that is not waitlisted with an offer, 409 `Offer expired` at or after `offerExpiresAt`;
 * then the held place is given back and taken again by the booking write (take_place): the credit is
 * taken now, from the entitlement named when joining or else the one that expires first (402
 * `No valid entitlement` when none is usable any longer: the offer stays until it expires).
 * Confirmed, and emailed as a confirmation after commit.
 */
export async function claimOffer({
  db,
  accountId,
  actor,
  bookingId,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  actor: Actor;
  bookingId: string;
  now?: Date;
}): Promise<BookingRow> {
  if (actor.userId === null) throw new AppError("not_found");
  const household = householdBookingsWhere(actor.userId);
  const found = await db.booking.findFirst({
    where: isStaff(actor.persona) ? { id: bookingId } : { AND: [{ id: bookingId }, household] },
    select: { instanceId: true },
  });
  if (!found) throw new AppError("not_found");
  if (!(await db.booking.findFirst({ where: { AND: [{ id: bookingId }, household] }, select: { id: true } })))
    throw new AppError("insufficient_permission");

  const claimed = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const instance = await lockInstance({ tx, accountId, instanceId: found.instanceId });
        if (!instance) throw new AppError("not_found");
        const placed = await takeOfferedPlace(tx, instance, bookingId, now);
        await enqueueBookingEmails(tx, accountId, [{ kind: "confirmed", bookingId }]);
        return placed;
      }, TRANSACTION_OPTIONS),
    { label: "POST /bookings/{bookingId}/claim" },
  );
  return claimed;
}

/** The offer's checks, then its held place given back and taken by the booking write. */
async function takeOfferedPlace(tx: TenantTx, instance: LockedInstance, bookingId: string, now: Date) {
  const booking = await tx.booking.findFirst({
    where: { id: bookingId },
    select: { status: true, offerExpiresAt: true, attendeeId: true, entitlementId: true, guestOfId: true },
  });
  if (booking?.status !== "waitlisted" || booking.offerExpiresAt === null) throw new AppError("booking_has_no_offer");
  if (now >= booking.offerExpiresAt) throw new AppError("offer_expired");
  await withdrawOffer(tx, instance, bookingId);
  const [placed] = await tx.$queryRaw<BookingRow[]>`
    SELECT * FROM take_place(${instance.accountId}, ${instance.id}, ${instance.eventId}, ${instance.startsAt.toISOString()}::timestamp,
                             ${booking.attendeeId}, NULL::text, ${booking.entitlementId}::text, ${bookingId}, NULL::timestamp,
                             ${booking.guestOfId}::text)`;
  if (!placed) throw new AppError("no_valid_entitlement");
  return placed;
}

/**
 * Ends a waitlisted booking's offer and gives its held place back (`bookedCount` − 1), in the caller's
 * transaction under the instance's lock; the booking stays waitlisted. False when it had no offer.
 */
export async function withdrawOffer(tx: TenantTx, instance: LockedInstance, bookingId: string): Promise<boolean> {
  const withdrawn = await tx.$executeRaw`
    UPDATE "Booking" SET "offerExpiresAt" = NULL
    WHERE "id" = ${bookingId} AND "accountId" = ${instance.accountId} AND "status" = 'waitlisted' AND "offerExpiresAt" IS NOT NULL`;
  if (withdrawn === 0) return false;
  await tx.$executeRaw`
    UPDATE "Instance" SET "bookedCount" = "bookedCount" - 1 WHERE "id" = ${instance.id} AND "accountId" = ${instance.accountId}`;
  instance.bookedCount -= 1;
  return true;
}
