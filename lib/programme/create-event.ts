import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { DEFAULT_EVENT_CAPACITY, type CreateEventInput } from "@/lib/schemas/event";
import { resolveEventReferences } from "./resolve-event-references";

/**
 * Creates an event definition. A chosen location supplies the `location` name and, unless
 * `capacity` is given, the capacity (else 20). The status defaults to `published`. With `startsAt`
 * one instance is created in the same transaction: the event's duration and capacity, audience
 * `everyone`.
 */
export async function createEvent({ db, accountId, input }: { db: TenantDb; accountId: string; input: CreateEventInput }) {
  const teacherIds = [...new Set(input.teacherIds ?? [])];
  const location = await resolveEventReferences({ db, teacherIds, locationId: input.locationId });
  const capacity = input.capacity ?? location?.capacity ?? DEFAULT_EVENT_CAPACITY;
  return db.$transaction(async (tx) => {
    const event = await tx.event.create({
      data: {
        accountId,
        title: input.title,
        description: input.description ?? "",
        teacherIds,
        location: location?.name ?? input.location ?? "",
        locationId: location?.id ?? null,
        durationMinutes: input.durationMinutes,
        capacity,
        status: input.status ?? "published",
      },
    });
    if (input.startsAt) {
      const startsAt = new Date(input.startsAt);
      await tx.instance.create({
        data: {
          accountId,
          eventId: event.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + event.durationMinutes * 60_000),
          capacity: event.capacity,
          teacherIds: event.teacherIds,
        },
      });
    }
    return event;
  });
}
