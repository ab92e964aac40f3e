import { DateTime } from "luxon";

/**
 * The studio's days: a local date's [start, end) as instants, and the day an instant falls in. A day
 * is 23 or 25 hours on daylight-saving days, so its bounds are computed in the zone, never by adding hours.
 */

/** Local midnight of a local date in the zone, as an instant (the first valid instant if midnight is skipped). */
export function startOfLocalDay(localIsoDate: string, zone: string): Date {
  return DateTime.fromISO(localIsoDate, { zone }).startOf("day").toJSDate();
}

/** Local midnight of the day after a local date: the exclusive end of that date in the zone. */
export function startOfNextLocalDay(localIsoDate: string, zone: string): Date {
  return DateTime.fromISO(localIsoDate, { zone }).plus({ days: 1 }).startOf("day").toJSDate();
}

/** 00:00 in the studio's timezone of a YYYY-MM-DD date, or undefined when malformed. */
export function startOfStudioDate(localDate: string, timezone: string): Date | undefined {
  const day = DateTime.fromISO(localDate, { zone: timezone });
  return day.isValid && /^\d{4}-\d{2}-\d{2}$/.test(localDate) ? day.startOf("day").toJSDate() : undefined;
}

/** 00:00 of the studio day containing `instant`, and of the next day. */
export function studioDay(instant: Date, timezone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(instant, { zone: timezone }).startOf("day");
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}

/** `days` calendar days later (earlier when negative) in the studio's timezone, keeping the local time. */
export function shiftByStudioDays(at: Date, days: number, timezone: string): Date {
  return DateTime.fromJSDate(at).setZone(timezone).plus({ days }).toJSDate();
}

/** `months` calendar months later in the studio's timezone, keeping the local time (31 Jan + 1 month: 28/29 Feb). */
export function shiftByStudioMonths(at: Date, months: number, timezone: string): Date {
  return DateTime.fromJSDate(at).setZone(timezone).plus({ months }).toJSDate();
}
