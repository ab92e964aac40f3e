import "server-only";
import type { Location } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { DEFAULT_EVENT_CAPACITY, type CreateEventInput } from "@/lib/schemas/event";
import { resolveEventReferences } from "./resolve-event-references";

/**
 * Creates an event definition. A chosen location supplies the `location` name and, unless
 * `capacity` is given, the capacity (else 20). The status defaults to `published`. With `startsAt`
 * one instance is created in the same transaction: the event's duration and capacity, audience
 * `everyone`.
 */
export async function createEvent({ db, accountId, input }: { db: TenantDb; accountId: string; input: CreateEventInput }) {
  const checked = await checkEventInput({ db, input });
  return db.$transaction((tx) => writeEvent({ tx, accountId, input, ...checked }));
}

/** The references of a new event, checked (400 with details when a teacher or location is not the account's). */
export async function checkEventInput({ db, input }: { db: TenantDb; input: CreateEventInput }) {
  const teacherIds = [...new Set(input.teacherIds ?? [])];
  const location = await resolveEventReferences({ db, teacherIds, locationId: input.locationId });
  return { teacherIds, location };
}

/** Inside the caller's transaction: the event row (and its one instance with `startsAt`). */
export async function writeEvent({
  tx,
  accountId,
  input,
  teacherIds,
  location,
}: {
  tx: TenantTx;
  accountId: string;
  input: CreateEventInput;
  teacherIds: string[];
  location: Location | undefined;
}) {
  const event = await tx.event.create({
    data: {
      accountId,
      title: input.title,
      description: input.description ?? "",
      teacherIds,
      location: location?.name ?? input.location ?? "",
      locationId: location?.id ?? null,
      durationMinutes: input.durationMinutes,
      capacity: input.capacity ?? location?.capacity ?? DEFAULT_EVENT_CAPACITY,
      dropInsAllowed: input.dropInsAllowed ?? false,
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
}
