import type { Event, Instance, InstanceException } from "@prisma/client";
import { clampToAcceptedYears, Id, IsoDateTime } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const InstanceStatusSchema = z.enum(["scheduled", "moved", "cancelled"]).openapi("InstanceStatus");
export const AudienceSchema = z.enum(["everyone", "groups", "nobody"]).openapi("Audience", {
  description: "Who may book: everyone, members of `groupIds`, or nobody",
});
export const InstanceExceptionTypeSchema = z.enum(["move", "cancel", "restore", "teachers"]).openapi("InstanceExceptionType");

const UtcDateTime = z.iso.datetime().openapi({ example: "2026-11-24T17:00:00.000Z" });

export const InstanceSchema = z
  .object({
    id: Id,
    accountId: Id,
    eventId: Id,
    seriesId: Id.nullable().openapi({ description: "The series that generated the instance, or null" }),
    startsAt: UtcDateTime,
    endsAt: UtcDateTime.openapi({ example: "2026-11-24T18:00:00.000Z" }),
    capacity: z.number().int().openapi({ example: 20 }),
    status: InstanceStatusSchema,
    audience: AudienceSchema,
    groupIds: z.array(Id).openapi({ description: "Used with audience `groups`; empty otherwise" }),
    teacherIds: z.array(Id).openapi({
      description:
        "Who teaches it (members of the account): the event's `teacherIds` when the instance was created; a later change of the event's teachers reaches the instances that have not started, unless the instance has teachers of its own",
    }),
    bookedCount: z.number().int().openapi({
      example: 12,
      description:
        "Places taken: confirmed bookings, and the seats held in a course's classes while a buyer's payment is open " +
        "(not bookings: never listed, and confirmed or given back when the payment succeeds, fails or expires)",
    }),
    waitlistCount: z.number().int().openapi({ example: 0 }),
    dropInsAllowed: z.boolean().openapi({
      description:
        "Its event's `dropInsAllowed`: a class of a course may be booked singly (a trial class) with a pass eligible for the " +
        "event; false: booked through the course's enrolment only (or, for an event of no course, no effect)",
    }),
  })
  .openapi("Instance");

export const InstanceExceptionSchema = z
  .object({
    id: Id,
    accountId: Id,
    instanceId: Id,
    type: InstanceExceptionTypeSchema,
    originalStartsAt: UtcDateTime.openapi({ description: "The instance's start before the change" }),
    replacementStartsAt: UtcDateTime.nullable().openapi({
      description:
        "The instance's start after the change; null when the change did not move it (cancel, restore of a cancelled instance, teachers)",
    }),
    originalTeacherIds: z.array(Id).nullable().openapi({
      description: "`teachers` records: who taught the instance before the change; null for other types",
    }),
    replacementTeacherIds: z.array(Id).nullable().openapi({
      description: "`teachers` records: who teaches it after the change (a substitute); null for other types",
    }),
    createdAt: UtcDateTime,
  })
  .openapi("InstanceException");

const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 90;

/** The query parameters as documented; `ListInstancesQuery` resolves the defaults of the window. */
export const ListInstancesParams = z.object({
  from: IsoDateTime.optional().openapi({
    description: "Inclusive lower bound of `startsAt`. Default: now, or `to` − 90 days when only `to` is given",
  }),
  to: IsoDateTime.optional().openapi({
    description: "Exclusive upper bound of `startsAt`. Default: `from` + 90 days. At most 366 days after `from`",
    example: "2026-12-24T17:00:00Z",
  }),
  seriesId: Id.optional().openapi({ description: "Only the occurrences of this series" }),
  teacherId: Id.optional().openapi({ description: "Only the instances this user teaches (in their `teacherIds`)" }),
});

const DAY_MS = 24 * 60 * 60 * 1000;

export const ListInstancesQuery = ListInstancesParams.transform((query, context) => {
  const to = query.to ? new Date(query.to) : undefined;
  const from = query.from
    ? new Date(query.from)
    : to
      ? clampToAcceptedYears(new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS))
      : new Date();
  const end = to ?? clampToAcceptedYears(new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY_MS));
  if (from >= end) context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  else if (end.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_too_long", { maximum: MAX_RANGE_DAYS }) });
  }
  return { from, to: end, seriesId: query.seriesId, teacherId: query.teacherId };
});

export const ListInstanceExceptionsQuery = z.object({
  instanceId: Id.optional().openapi({ description: "Only the records of this instance" }),
});

const GroupIds = z.array(Id).max(200);

export const UpdateInstanceInput = z
  .discriminatedUnion("action", [
    z.strictObject({ action: z.literal("cancel") }).openapi("CancelInstanceInput", {
      description: "Cancels the instance and records a `cancel` exception. A cancelled instance answers 409.",
    }),
    z.strictObject({ action: z.literal("move"), startsAt: IsoDateTime }).openapi("MoveInstanceInput", {
      description:
        "Moves the instance to `startsAt`; `endsAt` keeps the duration; records a `move` exception. A cancelled instance answers 409.",
    }),
    z.strictObject({ action: z.literal("restore") }).openapi("RestoreInstanceInput", {
      description:
        "Returns a cancelled or moved instance to its original time and `scheduled`; records a `restore` exception. An unchanged instance answers 409.",
    }),
    z
      .strictObject({
        action: z.literal("bookability"),
        audience: AudienceSchema,
        groupIds: GroupIds.optional().openapi({
          description:
            "Required and non-empty with audience `groups` (groups of this account, else 400); cleared with `everyone` and `nobody`",
        }),
      })
      .superRefine((input, context) => {
        if (input.audience === "groups" && (input.groupIds?.length ?? 0) === 0) {
          context.addIssue({
            code: "custom",
            path: ["groupIds"],
            ...ruleIssue("groups_required"),
          });
        }
      })
      .openapi("InstanceBookabilityInput", { description: "Replaces audience and groupIds; the status is unchanged." }),
    z
      .strictObject({
        action: z.literal("teachers"),
        teacherIds: z
          .array(Id)
          .max(50)
          .openapi({ description: "Members of the account (any persona; another id answers 400); may be empty" }),
      })
      .openapi("InstanceTeachersInput", {
        description:
          "Gives the instance teachers of its own (a substitute): replaces `teacherIds`, records a `teachers` exception with the " +
          "original and replacement teacher ids, and emails the attendees with a confirmed booking of a class not yet started. Later " +
          "changes of the event's teachers no longer reach it. A cancelled instance answers 409.",
      }),
    z
      .strictObject({
        action: z.literal("capacity"),
        capacity: z.number().int().min(0).max(100_000).openapi({ example: 24 }),
      })
      .openapi("InstanceCapacityInput", {
        description:
          "Sets the capacity; status unchanged, no exception. Confirmed bookings above a lowered capacity are kept. A raised capacity " +
          "fills the new places from the waitlist as a cancellation does (queue order; not once the class has started).",
      }),
  ])
  .openapi("UpdateInstanceInput");

export const InstanceParams = z.object({ instanceId: Id });

export type InstanceDto = z.infer<typeof InstanceSchema>;
export type InstanceExceptionDto = z.infer<typeof InstanceExceptionSchema>;
export type UpdateInstanceInput = z.infer<typeof UpdateInstanceInput>;

/** An instance with the flag of its event that instances answer with (lib/programme/with-event-flags.ts). */
export type InstanceWithEvent = Instance & { event: Pick<Event, "dropInsAllowed"> };

export function serializeInstance(instance: InstanceWithEvent): InstanceDto {
  return {
    id: instance.id,
    accountId: instance.accountId,
    eventId: instance.eventId,
    seriesId: instance.seriesId,
    startsAt: instance.startsAt.toISOString(),
    endsAt: instance.endsAt.toISOString(),
    capacity: instance.capacity,
    status: instance.status as InstanceDto["status"],
    audience: instance.audience as InstanceDto["audience"],
    groupIds: instance.groupIds,
    teacherIds: instance.teacherIds,
    bookedCount: instance.bookedCount,
    waitlistCount: instance.waitlistCount,
    dropInsAllowed: instance.event.dropInsAllowed,
  };
}

export function serializeInstanceException(exception: InstanceException): InstanceExceptionDto {
  return {
    id: exception.id,
    accountId: exception.accountId,
    instanceId: exception.instanceId,
    type: exception.type as InstanceExceptionDto["type"],
    originalStartsAt: exception.originalStartsAt.toISOString(),
    replacementStartsAt: exception.replacementStartsAt?.toISOString() ?? null,
    originalTeacherIds: exception.type === "teachers" ? exception.originalTeacherIds : null,
    replacementTeacherIds: exception.type === "teachers" ? exception.replacementTeacherIds : null,
    createdAt: exception.createdAt.toISOString(),
  };
}
