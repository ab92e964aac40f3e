import { DateTime } from "luxon";

/**
 * Seasons are edited as whole days in the studio's timezone: a season runs from the start of its
 * first day to the start of the day after its last day (the stored `endsAt` is exclusive).
 */
export function seasonBounds(firstDay: string | undefined, lastDay: string | undefined, timezone: string) {
  return { startsAt: startOfDay(firstDay, timezone, 0), endsAt: startOfDay(lastDay, timezone, 1) };
}

/** A `YYYY-MM-DD` day as the ISO instant its start (plus `days`) is in the zone; other text is passed on. */
function startOfDay(day: string | undefined, timezone: string, days: number): string | undefined {
  if (day === undefined) return undefined;
  const parsed = DateTime.fromISO(day, { zone: timezone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !parsed.isValid) return day;
  return parsed.plus({ days }).startOf("day").toUTC().toISO() ?? day;
}

/** The first and last day of a stored season, as `YYYY-MM-DD` in the zone. */
export function seasonDays(season: { startsAt: Date; endsAt: Date }, timezone: string) {
  const first = DateTime.fromJSDate(season.startsAt, { zone: timezone });
  const last = DateTime.fromJSDate(season.endsAt, { zone: timezone }).minus({ milliseconds: 1 });
  return { firstDay: first.toISODate() ?? "", lastDay: last.toISODate() ?? "" };
}
