import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { assertManagesInstance, type Actor } from "@/lib/auth/instance-permission";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import { withdrawOffer } from "./claim-offer";
import { lockInstance, type LockedInstance } from "./lock-instance";

/**
 * The desk moves one waitlisted person up (POST /bookings/{bookingId}/promote): an administrator, or
 * a teacher of the class (another class's booking: 403). Under the instance's row lock, as every
 * booking write: 409 `Booking is not waitlisted` for a booking that is not (or no longer) waitlisted,
 * 409 `Instance is full` while no place is free (unless `extraPlace`: then the capacity grows by one
 * for this booking, in the same transaction, and nobody else is offered anything), then the place is
 * taken by the same write as a booking (take_place), with a credit of `entitlementId` or else of the attendee's usable pass that
 * expires first; 402 `No valid entitlement` when none covers the class. The person is placed ahead of
 * the queue: the desk decides. Emailed as a waitlist promotion after commit. 404 for a booking the
 * account does not have.
 */
export async function promoteBooking({
  db,
  accountId,
  actor,
  bookingId,
  entitlementId,
  extraPlace = false,
}: {
  db: TenantDb;
  accountId: string;
  actor: Actor;
  bookingId: string;
  entitlementId?: string;
  extraPlace?: boolean;
}): Promise<BookingRow> {
  const found = await db.booking.findFirst({
    where: { id: bookingId },
    select: { instanceId: true, instance: { select: { teacherIds: true } } },
  });
  if (!found) throw new AppError("not_found");
  assertManagesInstance(actor, found.instance);

  const promoted = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const instance = await lockInstance({ tx, accountId, instanceId: found.instanceId });
        if (!instance) throw new AppError("not_found");
        const booking = await tx.booking.findFirst({
          where: { id: bookingId },
          select: { status: true, attendeeId: true },
        });
        if (booking?.status !== "waitlisted") throw new AppError("booking_not_waitlisted");
        await withdrawOffer(tx, instance, bookingId); // the place held for an offer is the desk's to give

        if (instance.bookedCount >= instance.capacity) {
          if (!extraPlace) throw new AppError("instance_full");
          await addPlace(tx, instance);
        }
        const [placed] = await tx.$queryRaw<BookingRow[]>`
          SELECT * FROM take_place(${accountId}, ${instance.id}, ${instance.eventId}, ${instance.startsAt.toISOString()}::timestamp,
                                   ${booking.attendeeId}, ${entitlementId ?? null}::text, NULL::text, ${bookingId})`;
        if (!placed) throw new AppError("no_valid_entitlement");
        await enqueueBookingEmails(tx, accountId, [{ kind: "promoted", bookingId }]);
        return placed;
      }, TRANSACTION_OPTIONS),
    { label: "POST /bookings/{bookingId}/promote" },
  );
  return promoted;
}

/** One more place on the locked instance, for the desk's booking only: no waitlist fill follows. */
async function addPlace(tx: TenantTx, instance: LockedInstance): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Instance" SET "capacity" = "capacity" + 1 WHERE "id" = ${instance.id} AND "accountId" = ${instance.accountId}`;
  instance.capacity += 1;
}
