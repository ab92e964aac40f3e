import type { Event } from "@prisma/client";
import { Id, IsoDateTime, text } from "./common";
import { DurationMinutes } from "./duration-preset";
import { Capacity } from "./location";
import { z } from "./zod";

export const EventStatusSchema = z.enum(["draft", "published", "archived"]).openapi("EventStatus", {
  description: "Public endpoints show only `published` events.",
});

/** Capacity of an event when neither the request nor a chosen location gives one. */
export const DEFAULT_EVENT_CAPACITY = 20;

export const EventSchema = z
  .object({
    id: Id,
    accountId: Id,
    title: z.string().openapi({ example: "Morning Vinyasa" }),
    description: z.string().openapi({ example: "A flowing class for every level." }),
    teacherIds: z.array(Id),
    location: z
      .string()
      .openapi({
        example: "Studio 1",
        description: "Location name, copied from the location when `locationId` is chosen",
      }),
    locationId: Id.nullable().openapi({ description: "The chosen location, or null" }),
    durationMinutes: DurationMinutes,
    capacity: Capacity,
    dropInsAllowed: z.boolean().openapi({
      description:
        "For the event of a course: whether passes eligible for it may book single classes (trial classes); otherwise its classes are booked through enrolment only",
    }),
    status: EventStatusSchema,
  })
  .openapi("Event");

const EventFields = {
  title: text().trim().min(1).max(200).openapi({ example: "Morning Vinyasa" }),
  description: text().trim().max(5000).openapi({ example: "A flowing class for every level." }),
  teacherIds: z
    .array(Id)
    .max(50)
    .openapi({ description: "Ids of users with a membership in the account (any persona); another id answers 400" }),
  location: text()
    .trim()
    .max(200)
    .openapi({
      example: "Studio 1",
      description: "Free-text location name; replaced by the location's name when `locationId` is given",
    }),
  locationId: Id.nullable().openapi({
    description:
      "A location of this account (an unknown id answers 400 `Validation failed`); supplies `location` and, unless `capacity` is given, `capacity`. `null` detaches the location and keeps the `location` text.",
  }),
  durationMinutes: DurationMinutes,
  capacity: Capacity.openapi({ description: "Defaults to the chosen location's capacity, else 20" }),
  dropInsAllowed: z.boolean().openapi({
    description:
      "When the event is a course's (a product's `courseEventId`): `true` lets passes eligible for the event book single classes; default false (enrolment only)",
  }),
  status: EventStatusSchema,
};

export const CreateEventInput = z
  .strictObject({
    title: EventFields.title,
    description: EventFields.description.optional(),
    teacherIds: EventFields.teacherIds.optional(),
    location: EventFields.location.optional(),
    locationId: EventFields.locationId.optional(),
    durationMinutes: EventFields.durationMinutes,
    capacity: EventFields.capacity.optional(),
    dropInsAllowed: EventFields.dropInsAllowed.optional(),
    status: EventFields.status.optional().openapi({ description: "Default `published`" }),
    startsAt: IsoDateTime.optional().openapi({
      description:
        "When given, one instance is also created: `endsAt = startsAt + durationMinutes`, the event's capacity, audience `everyone`",
    }),
  })
  .openapi("CreateEventInput");

export const UpdateEventInput = z
  .strictObject({
    title: EventFields.title.optional(),
    description: EventFields.description.optional(),
    teacherIds: EventFields.teacherIds.optional(),
    location: EventFields.location.optional(),
    locationId: EventFields.locationId.optional(),
    durationMinutes: EventFields.durationMinutes.optional(),
    capacity: EventFields.capacity.optional(),
    dropInsAllowed: EventFields.dropInsAllowed.optional(),
    status: EventFields.status.optional(),
  })
  .openapi("UpdateEventInput");

export const EventParams = z.object({ eventId: Id });

export type EventDto = z.infer<typeof EventSchema>;
export type CreateEventInput = z.infer<typeof CreateEventInput>;
export type UpdateEventInput = z.infer<typeof UpdateEventInput>;

export function serializeEvent(event: Event): EventDto {
  return {
    id: event.id,
    accountId: event.accountId,
    title: event.title,
    description: event.description,
    teacherIds: event.teacherIds,
    location: event.location,
    locationId: event.locationId,
    durationMinutes: event.durationMinutes,
    capacity: event.capacity,
    dropInsAllowed: event.dropInsAllowed,
    status: event.status as EventDto["status"],
  };
}
