import { DateTime } from "luxon";
import { placeLocalTime } from "@/lib/recurrence";

const LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/;

/** A UTC instant as the value of an `<input type="datetime-local">` in the studio's timezone ("YYYY-MM-DDTHH:mm"). */
export function toDateTimeLocal(instant: Date, timezone: string): string {
  return DateTime.fromJSDate(instant, { zone: timezone }).toFormat("yyyy-LL-dd'T'HH:mm");
}

/**
 * The UTC instant of a `datetime-local` value read in the studio's timezone, with the series' rules
 * for daylight-saving days (decisions §4): a time in a spring-forward gap moves forward by the gap,
 * an ambiguous fall-back time takes its first occurrence. Undefined for a malformed value.
 */
export function fromDateTimeLocal(value: string, timezone: string): Date | undefined {
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [, localDate, hours, minutes] = match as unknown as [string, string, string, string];
  if (DateTime.fromISO(localDate, { zone: "utc" }).toISODate() !== localDate) return undefined;
  return placeLocalTime({ localDate, localTime: `${hours}:${minutes}`, timezone });
}

/** Monday 00:00 (studio time) of the week containing `instant`, and the next Monday. */
export function studioWeek(instant: Date, timezone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(instant, { zone: timezone }).startOf("week");
  return { start: start.toJSDate(), end: start.plus({ weeks: 1 }).toJSDate() };
}

/** 00:00 of the studio day containing `instant`, and of the next day. */
export function studioDay(instant: Date, timezone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(instant, { zone: timezone }).startOf("day");
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}

/** 00:00 in the studio's timezone of a YYYY-MM-DD date, or undefined when malformed. */
export function startOfStudioDate(localDate: string, timezone: string): Date | undefined {
  const day = DateTime.fromISO(localDate, { zone: timezone });
  return day.isValid && /^\d{4}-\d{2}-\d{2}$/.test(localDate) ? day.startOf("day").toJSDate() : undefined;
}
