import type { Event, Instance } from "@prisma/client";
import { Id } from "./common";
import { SlugParams } from "./demo";
import { EventSchema, serializeEvent } from "./event";
import { InstanceSchema, ListInstancesParams, ListInstancesQuery, serializeInstance } from "./instance";
import { z } from "./zod";

export const PublicTeacherSchema = z
  .object({ id: Id, displayName: z.string().openapi({ example: "Mette Lund" }) })
  .openapi("PublicTeacher", { description: "A teacher as the public sees them: never an email" });

export const PublicEventSchema = EventSchema.extend({
  teachers: z
    .array(PublicTeacherSchema)
    .openapi({ description: "The event's teachers who are members of the account, in `teacherIds` order" }),
}).openapi("PublicEvent");

export const PublicInstanceSchema = InstanceSchema.extend({
  spotsLeft: z.number().int().min(0).openapi({ example: 8, description: "max(capacity − bookedCount, 0)" }),
  teachers: z.array(PublicTeacherSchema).openapi({
    description:
      "Who teaches this class (the instance's `teacherIds` who are members of the account, in order): a substitute shows here, " +
      "while the event's `teachers` stay the usual ones",
  }),
}).openapi("PublicInstance", { description: "An instance as the public schedule shows it; never a list of attendees" });

export const PublicProgrammeSchema = z
  .object({
    events: z.array(PublicEventSchema).openapi({ description: "Published events" }),
    instances: z.array(PublicInstanceSchema).openapi({
      description:
        "Instances of published events open to everyone (audience `everyone`), `scheduled` or `moved` (a moved " +
        "class takes place at its new time), starting in [from, to), in chronological order. Cancelled instances " +
        "and those for groups or nobody are omitted.",
    }),
  })
  .openapi("PublicProgramme");

/** `from` / `to` with the rules of GET /instances (default now to 90 days ahead, at most 366 days). */
export const PublicProgrammeParams = ListInstancesParams.pick({ from: true, to: true });
export const PublicProgrammeQuery = PublicProgrammeParams.pipe(ListInstancesQuery);

export type PublicEventDto = z.infer<typeof PublicEventSchema>;
export type PublicInstanceDto = z.infer<typeof PublicInstanceSchema>;

export function serializePublicEvent(event: Event, teachers: ReadonlyMap<string, string>): PublicEventDto {
  return { ...serializeEvent(event), teachers: publicTeachers(event.teacherIds, teachers) };
}

export function serializePublicInstance(
  instance: Instance,
  teachers: ReadonlyMap<string, string>,
  event: Pick<Event, "dropInsAllowed"> | undefined,
): PublicInstanceDto {
  return {
    ...serializeInstance({ ...instance, event: { dropInsAllowed: event?.dropInsAllowed ?? false } }),
    spotsLeft: Math.max(instance.capacity - instance.bookedCount, 0),
    teachers: publicTeachers(instance.teacherIds, teachers),
  };
}

/** The named teachers who are members (found in `teachers`), in the order of `teacherIds`. */
function publicTeachers(teacherIds: readonly string[], teachers: ReadonlyMap<string, string>) {
  return teacherIds.flatMap((id) => {
    const displayName = teachers.get(id);
    return displayName === undefined ? [] : [{ id, displayName }];
  });
}

/** `{slug}` and `{instanceId}` of one class of a public schedule. */
export const PublicInstanceParams = z.object({ slug: SlugParams.shape.slug, instanceId: Id });
