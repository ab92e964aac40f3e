import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";

/**
 * After a change that may have given people a usable pass (a pass bought or granted, a pause ended
 * or moved, a credit returned by a cancellation): fills the waitlists these attendees stand on, in
 * the caller's transaction. Each class that has not started and is not cancelled where one of them
 * is waitlisted is locked in id order (as every multi-class transaction locks) and promote_waitlist
 * decides in queue order, so an earlier person in the queue who can now be placed goes first. Returns
 * the promoted bookings, whose emails the caller writes (the demo's seeded past writes none).
 */
export async function promoteAttendeeWaitlists({
  tx,
  accountId,
  attendeeIds,
  now,
}: {
  tx: TenantTx;
  accountId: string;
  attendeeIds: readonly string[];
  now: Date;
}): Promise<BookingRow[]> {
  if (attendeeIds.length === 0) return [];
  const waiting = await tx.$queryRaw<{ instanceId: string }[]>`
    SELECT DISTINCT b."instanceId"
    FROM "Booking" b
    JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    WHERE b."accountId" = ${accountId} AND b."attendeeId" = ANY(${[...attendeeIds]}::text[])
      AND b."status" = 'waitlisted' AND i."startsAt" > ${now} AND i."status" <> 'cancelled'
    ORDER BY b."instanceId"`;
  const promoted: BookingRow[] = [];
  for (const { instanceId } of waiting) {
    const instance = await lockInstance({ tx, accountId, instanceId });
    if (instance) promoted.push(...(await promoteWaitlist({ tx, instance, now })));
  }
  return promoted;
}

/**
 * promoteAttendeeWaitlists for someone who gained a usable pass (bought, granted, renewed, a pause
 * ended or moved), with the promotion emails written to the outbox; the commit wakes the sender.
 */
export async function fillWaitlistsOf({
  tx,
  accountId,
  userId,
  now = new Date(),
}: {
  tx: TenantTx;
  accountId: string;
  userId: string;
  now?: Date;
}): Promise<void> {
  const promoted = await promoteAttendeeWaitlists({ tx, accountId, attendeeIds: [userId], now });
  await enqueueBookingEmails(
    tx,
    accountId,
    promoted.map((row) => ({ kind: "promoted" as const, bookingId: row.id })),
  );
}
