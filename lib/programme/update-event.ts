import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { UpdateEventInput } from "@/lib/schemas/event";
import { resolveEventReferences } from "./resolve-event-references";

/**
 * A partial edit of the definition. A chosen `locationId` supplies its name and, unless `capacity`
 * is given in the same request, its capacity; `locationId: null` detaches the location and keeps
 * the `location` text. Existing instances are not rewritten (their time, duration and capacity stay),
 * except for their teachers: new `teacherIds` reach, in the same transaction, every instance of the
 * event that has not started and has no teachers of its own (docs/decisions/0013); started ones keep
 * who taught them.
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
    status: input.status,
  };
  if (input.locationId === null) data.locationId = null;
  if (location) {
    data.locationId = location.id;
    data.location = location.name;
    data.capacity = input.capacity ?? location.capacity;
  }
  return db.$transaction(async (tx) => {
    const [event] = await tx.event.updateManyAndReturn({ where: { id: eventId }, data });
    if (!event) throw new AppError("not_found");
    if (teacherIds) {
      await tx.instance.updateMany({
        where: { eventId, ownTeachers: false, startsAt: { gt: now } },
        data: { teacherIds },
      });
    }
    return event;
  });
}
