import "server-only";
import type { Instance, Prisma, Series } from "@prisma/client";
import type { Frequency, Occurrence, RecurrenceRule } from "@/lib/recurrence";

/** A `@db.Date` column value for a local date "YYYY-MM-DD" (midnight UTC, as Prisma reads it back). */
export function dateColumn(localDate: string): Date {
  return new Date(`${localDate}T00:00:00Z`);
}

/** "YYYY-MM-DD" of a `@db.Date` column value. */
export function isoDateOf(column: Date): string {
  return column.toISOString().slice(0, 10);
}

/** The rule columns of a Series row. */
export function seriesRuleColumns(rule: RecurrenceRule) {
  return {
    frequency: rule.frequency,
    interval: rule.interval,
    weekdays: rule.weekdays,
    monthDay: rule.monthDay,
    localStartTime: rule.localStartTime,
    durationMinutes: rule.durationMinutes,
    timezone: rule.timezone,
    startsOn: dateColumn(rule.startsOn),
    endsOn: rule.endsOn === null ? null : dateColumn(rule.endsOn),
    count: rule.count,
  } satisfies Partial<Prisma.SeriesUncheckedCreateInput>;
}

/** The stored rule of a Series row. */
export function ruleOfSeries(series: Series): RecurrenceRule {
  return {
    frequency: series.frequency as Frequency,
    interval: series.interval,
    weekdays: series.weekdays,
    monthDay: series.monthDay,
    localStartTime: series.localStartTime,
    durationMinutes: series.durationMinutes,
    timezone: series.timezone,
    startsOn: isoDateOf(series.startsOn),
    endsOn: series.endsOn === null ? null : isoDateOf(series.endsOn),
    count: series.count,
  };
}

/** The Instance row of one occurrence: scheduled, audience `everyone`, the series' capacity. */
export function occurrenceRow(
  occurrence: Occurrence,
  series: { accountId: string; eventId: string; id: string; capacity: number },
  teacherIds: string[],
): Prisma.InstanceCreateManyInput {
  return {
    teacherIds,
    accountId: series.accountId,
    eventId: series.eventId,
    seriesId: series.id,
    occurrenceDate: dateColumn(occurrence.localDate),
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    capacity: series.capacity,
  };
}

/** Start, then id: the order of every instance list. */
export function chronologically(a: Instance, b: Instance): number {
  return a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
