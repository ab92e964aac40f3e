import { DateTime } from "luxon";
import { startOfLocalDay, startOfNextLocalDay } from "./day";

export type Bucket = {
  /** Inclusive UTC start (the period's `from` for the first bucket). */
  start: Date;
  /** Exclusive UTC end (the period's `to` for the last bucket). */
  end: Date;
  /** The studio-local date the bucket starts on, YYYY-MM-DD. */
  label: string;
};

const MAX_DAY_BUCKETS = 31;

/**
 * Cuts [from, to) at local midnights (days) or local Monday midnights (weeks) in `timezone`, so a
 * bucket is a calendar day or week of the studio even across daylight-saving changes (23- and
 * 25-hour days). Up to 31 days: days; longer: weeks. The first and last bucket may be partial.
 */
export function bucketPeriod({ from, to, timezone }: { from: Date; to: Date; timezone: string }): {
  unit: "day" | "week";
  buckets: Bucket[];
} {
  const startLocal = DateTime.fromJSDate(from, { zone: timezone });
  const spanDays = (to.getTime() - from.getTime()) / 86_400_000;
  const unit = spanDays <= MAX_DAY_BUCKETS ? "day" : "week";
  let cursor = unit === "day" ? startLocal.startOf("day") : startLocal.startOf("week"); // luxon weeks start on Monday
  const buckets: Bucket[] = [];
  while (cursor.toMillis() < to.getTime()) {
    const next = cursor.plus(unit === "day" ? { days: 1 } : { weeks: 1 });
    const start = new Date(Math.max(cursor.toMillis(), from.getTime()));
    const end = new Date(Math.min(next.toMillis(), to.getTime()));
    buckets.push({ start, end, label: cursor.toISODate()! });
    cursor = next;
  }
  return { unit, buckets };
}

/** The studio days [`firstDay`, `lastDay`] (local dates, both included) as [start, end) instants in the zone. */
export function periodOfStudioDates(firstDay: string, lastDay: string, zone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(firstDay, zone), end: startOfNextLocalDay(lastDay, zone) };
}
