import { DateTime } from "luxon";
import { placeLocalTime } from "@/lib/recurrence";

const LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/;

/** The studio's wall clock at an instant: its local date ("YYYY-MM-DD"), time ("HH:mm") and minutes since midnight. */
export type WallClock = { date: string; time: string; minuteOfDay: number };

/** What the clock on the studio's wall reads at `instant` (the second 02:30 of a fall-back night reads 02:30). */
export function studioWallClock(instant: Date, timezone: string): WallClock {
  const local = DateTime.fromJSDate(instant, { zone: timezone });
  return {
    date: local.toFormat("yyyy-LL-dd"),
    time: local.toFormat("HH:mm"),
    minuteOfDay: local.hour * 60 + local.minute,
  };
}

/** A UTC instant as the value of an `<input type="datetime-local">` in the studio's timezone ("YYYY-MM-DDTHH:mm"). */
export function toDateTimeLocal(instant: Date, timezone: string): string {
  const { date, time } = studioWallClock(instant, timezone);
  return `${date}T${time}`;
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
