import { DateTime } from "luxon";
import { placeLocalTime } from "@/lib/recurrence";

/** A studio's quiet hours on its wall clock, "HH:MM" each; `to` before `from` crosses midnight. */
export type QuietHours = { from: string; to: string };

/** A studio's quiet hours until it changes them (the columns' defaults in prisma/schema.prisma). */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: "22:00", to: "08:00" };

/** "HH:MM", 00:00 to 23:59. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const minuteOfDay = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/**
 * The instant the studio's quiet hours around `instant` end, or undefined when `instant` is outside
 * them (or there are none). `from` is inside, `to` is not. The end is placed on the studio's wall
 * clock by the series' daylight-saving rules (a time in a spring-forward gap moves forward by the gap;
 * an ambiguous one is its first occurrence, so in the repeated hour of a fall-back night an end
 * already past counts as outside).
 */
export function endOfQuietHours(instant: Date, quietHours: QuietHours | null, timezone: string): Date | undefined {
  if (quietHours === null) return undefined;
  const from = minuteOfDay(quietHours.from);
  const to = minuteOfDay(quietHours.to);
  if (from === to) return undefined;
  const local = DateTime.fromJSDate(instant, { zone: timezone });
  const now = local.hour * 60 + local.minute;
  const crossesMidnight = to < from;
  const inside = crossesMidnight ? now >= from || now < to : now >= from && now < to;
  if (!inside) return undefined;
  const endsTomorrow = crossesMidnight && now >= from;
  const localDate = (endsTomorrow ? local.plus({ days: 1 }) : local).toISODate()!;
  const end = placeLocalTime({ localDate, localTime: quietHours.to, timezone });
  return end > instant ? end : undefined;
}
