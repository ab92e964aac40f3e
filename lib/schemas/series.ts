import type { Series } from "@prisma/client";
import { Id, toIsoDate } from "./common";
import { InstanceSchema } from "./instance";
import { Capacity } from "./location";
import { SeriesFrequencySchema, SeriesRuleFields, checkSeriesRule } from "./series-rule";
import { z } from "./zod";

export const SeriesStatusSchema = z.enum(["active", "paused", "ended"]).openapi("SeriesStatus", {
  description:
    "A label for the studio: pausing, resuming or ending a series keeps every instance and booking as it is " +
    "(cancel instances or change the rule to change the schedule).",
});

export const SeriesSchema = z
  .object({
    id: Id,
    accountId: Id,
    eventId: Id.openapi({ description: "The owning event" }),
    frequency: SeriesFrequencySchema,
    interval: z.number().int().openapi({ example: 1 }),
    weekdays: z
      .array(z.number().int())
      .openapi({ example: [2], description: "0 (Sunday) to 6 (Saturday); weekly rules only, empty otherwise" }),
    monthDay: z.number().int().nullable().openapi({ example: null, description: "Monthly rules only, null otherwise" }),
    localStartTime: z.string().openapi({ example: "18:00", description: "Wall-clock time in `timezone`, HH:MM" }),
    durationMinutes: z.number().int().openapi({ example: 60 }),
    timezone: z.string().openapi({ example: "Europe/Copenhagen" }),
    startsOn: z.string().openapi({ example: "2026-09-01", format: "date" }),
    endsOn: z.string().nullable().openapi({ example: null, format: "date", description: "Inclusive; null when bounded by `count` only" }),
    count: z.number().int().nullable().openapi({ example: 12, description: "Null when bounded by `endsOn` only" }),
    capacity: z.number().int().openapi({ example: 20 }),
    status: SeriesStatusSchema,
  })
  .openapi("Series");

const SeriesCapacity = Capacity.openapi({ description: "Capacity of the generated instances; default: the event's" });

/** POST /events/{eventId}/series: the rule (decisions §4) plus the instances' capacity. */
export const CreateSeriesInput = SeriesRuleFields.extend({ capacity: SeriesCapacity.optional() })
  .superRefine(checkSeriesRule)
  .openapi("CreateSeriesInput");

/**
 * PATCH /series/{seriesId}: any rule field, `capacity` and `status`. Cross-field checks run on the
 * rule merged with the stored one (lib/programme/update-series.ts). `endsOn: null` or `count: null`
 * clears that bound.
 */
export const UpdateSeriesInput = SeriesRuleFields.partial()
  .extend({ capacity: SeriesCapacity.optional(), status: SeriesStatusSchema.optional() })
  .openapi("UpdateSeriesInput");

export const SeriesParams = z.object({ seriesId: Id });

export type SeriesDto = z.infer<typeof SeriesSchema>;
export type CreateSeriesInput = z.infer<typeof CreateSeriesInput>;
export type UpdateSeriesInput = z.infer<typeof UpdateSeriesInput>;

export const SeriesWithInstancesSchema = z
  .object({
    series: SeriesSchema,
    instances: z.array(InstanceSchema).openapi({ description: "Every instance of the series, in chronological order" }),
  })
  .openapi("SeriesWithInstances");

export function serializeSeries(series: Series): SeriesDto {
  return {
    id: series.id,
    accountId: series.accountId,
    eventId: series.eventId,
    frequency: series.frequency as SeriesDto["frequency"],
    interval: series.interval,
    weekdays: series.weekdays,
    monthDay: series.monthDay,
    localStartTime: series.localStartTime,
    durationMinutes: series.durationMinutes,
    timezone: series.timezone,
    startsOn: toIsoDate(series.startsOn)!,
    endsOn: toIsoDate(series.endsOn),
    count: series.count,
    capacity: series.capacity,
    status: series.status as SeriesDto["status"],
  };
}
