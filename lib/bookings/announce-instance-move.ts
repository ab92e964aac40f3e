import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { fillInstanceWaitlist } from "./fill-instance-waitlist";

/** When and where a class was before it moved; no `location`: its place did not change. */
export type PreviousPlace = { startsAt: Date; location?: string };

/**
 * The booking side of a class that got another start or place, in the transaction that moved it
 * (whatever moved it: PATCH /instances, a restore, a series' new time, an event's new location).
 * Raises the instance's calendar SEQUENCE (so the .ics of the emails and the personal feed update
 * the event already in people's calendars), fills its waitlist (passes valid at the new time may
 * place someone: promote_waitlist decides) and writes the emails: `promoted` for the newly placed,
 * `moved` (the old and new time and place) for every other confirmed and waitlisted attendee.
 * Nothing is written for a class that did not really move. Returns the promoted bookings.
 */
export async function announceInstanceMove({
  tx,
  accountId,
  instanceId,
  previous,
  now,
}: {
  tx: TenantTx;
  accountId: string;
  instanceId: string;
  previous: PreviousPlace;
  now: Date;
}): Promise<BookingRow[]> {
  const instance = await lockInstance({ tx, accountId, instanceId });
  if (!instance || instance.status === "cancelled") return [];
  const event = await tx.event.findFirst({ where: { id: instance.eventId }, select: { location: true } });
  const location = event?.location ?? "";
  const before = { startsAt: previous.startsAt, location: previous.location ?? location };
  if (instance.startsAt.getTime() === before.startsAt.getTime() && location === before.location) return [];

  await tx.instance.updateMany({ where: { id: instanceId }, data: { calendarSequence: { increment: 1 } } });
  const promoted = await fillInstanceWaitlist({ tx, accountId, instanceId, locked: instance, now });
  const placed = new Set(promoted.map((row) => row.id));
  const live = await tx.booking.findMany({
    where: { instanceId, status: { in: ["confirmed", "waitlisted"] } },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  await enqueueBookingEmails(
    tx,
    accountId,
    live
      .filter((booking) => !placed.has(booking.id))
      .map((booking) => ({ kind: "moved" as const, bookingId: booking.id, previous: before })),
  );
  return promoted;
}
