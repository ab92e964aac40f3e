import { startOfNextLocalDay, startOfStudioDate } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";

/**
 * Seasons are edited as whole days in the studio's timezone: a season runs from the start of its
 * first day to the start of the day after its last day (the stored `endsAt` is exclusive).
 */
export function seasonBounds(firstDay: string | undefined, lastDay: string | undefined, timezone: string) {
  return { startsAt: startOfDay(firstDay, timezone, "this"), endsAt: startOfDay(lastDay, timezone, "next") };
}

/** A `YYYY-MM-DD` day as the ISO instant its start (or the next day's) is in the zone; other text is passed on. */
function startOfDay(day: string | undefined, timezone: string, which: "this" | "next"): string | undefined {
  if (day === undefined) return undefined;
  const start = startOfStudioDate(day, timezone);
  if (!start) return day;
  return (which === "this" ? start : startOfNextLocalDay(day, timezone)).toISOString();
}

/** The first and last day of a stored season, as `YYYY-MM-DD` in the zone. */
export function seasonDays(season: { startsAt: Date; endsAt: Date }, timezone: string) {
  const lastMoment = new Date(season.endsAt.getTime() - 1);
  return { firstDay: studioDate(season.startsAt, timezone), lastDay: studioDate(lastMoment, timezone) };
}
