import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { announceInstanceMove } from "@/lib/bookings/announce-instance-move";
import { AppError } from "@/lib/errors";
import type { UpdateEventInput } from "@/lib/schemas/event";
import { resolveEventReferences } from "./resolve-event-references";

/**
 * A partial edit of the definition. A chosen `locationId` supplies its name and, unless `capacity`
 * is given in the same request, its capacity; `locationId: null` detaches the location and keeps
 * the `location` text. Existing instances are not rewritten (their time, duration and capacity stay),
 * except for their teachers: new `teacherIds` reach, in the same transaction, every instance of the
 * event that has not started and has no teachers of its own (docs/decisions/0013); started ones keep
 * who taught them. A new place (`location`, or a `locationId` with another name) moves its classes
 * that have not started: their confirmed and waitlisted attendees are emailed the old and new place
 * (announce-instance-move.ts).
 */
export async function updateEvent({
  db,
  eventId,
  input,
  now = new Date(),
}: {
  db: TenantDb;
  eventId: string;
  input: UpdateEventInput;
  now?: Date;
}) {
  const existing = await db.event.findFirst({ where: { id: eventId }, select: { id: true } });
  if (!existing) throw new AppError("not_found");
  const teacherIds = input.teacherIds ? [...new Set(input.teacherIds)] : undefined;
  const location = await resolveEventReferences({ db, teacherIds, locationId: input.locationId });

  const data: Prisma.EventUpdateManyMutationInput & { locationId?: string | null } = {
    title: input.title,
    description: input.description,
    teacherIds,
    location: input.location,
    durationMinutes: input.durationMinutes,
    capacity: input.capacity,
    dropInsAllowed: input.dropInsAllowed,
    status: input.status,
  };
  if (input.locationId === null) data.locationId = null;
  if (location) {
    data.locationId = location.id;
    data.location = location.name;
    data.capacity = input.capacity ?? location.capacity;
  }
  const updated = await db.$transaction(async (tx) => {
    const before = await tx.event.findFirst({ where: { id: eventId }, select: { location: true } });
    const [event] = await tx.event.updateManyAndReturn({ where: { id: eventId }, data });
    if (!event || !before) throw new AppError("not_found");
    if (event.location !== before.location) await announceNewPlace(tx, { eventId, location: before.location, now });
    if (teacherIds) {
      await tx.instance.updateMany({
        where: { eventId, ownTeachers: false, startsAt: { gt: now } },
        data: { teacherIds },
      });
    }
    return event;
  });
  return updated;
}

/** Each class of the event that has not started and has live bookings, told of its new place (in id order: the lock order). */
async function announceNewPlace(
  tx: TenantTx,
  { eventId, location, now }: { eventId: string; location: string; now: Date },
) {
  const instances = await tx.instance.findMany({
    where: {
      eventId,
      startsAt: { gt: now },
      status: { not: "cancelled" },
      bookings: { some: { status: { in: ["confirmed", "waitlisted"] } } },
    },
    select: { id: true, accountId: true, startsAt: true },
    orderBy: { id: "asc" },
  });
  for (const instance of instances) {
    await announceInstanceMove({
      tx,
      accountId: instance.accountId,
      instanceId: instance.id,
      previous: { startsAt: instance.startsAt, location },
      now,
    });
  }
}
