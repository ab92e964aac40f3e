import { DateTime } from "luxon";
import { startOfLocalDay } from "./day";
import { studioDate } from "./studio-date";

/** One day of a week in the studio's zone: its local date and its [start, end) in UTC (23 or 25 hours on DST days). */
export type WeekDay = { date: string; start: Date; end: Date };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The ISO weekday of a local date: 1 (Monday) … 7 (Sunday). */
export function isoWeekday(localIsoDate: string): number {
  return DateTime.fromISO(localIsoDate, { zone: "UTC" }).weekday;
}

/** The Monday ("YYYY-MM-DD") of the week that contains a local date. */
export function weekStart(localIsoDate: string): string {
  return DateTime.fromISO(localIsoDate, { zone: "UTC" })
    .minus({ days: isoWeekday(localIsoDate) - 1 })
    .toISODate()!;
}

/** Whole weeks from one local date to a later one (rounded down; negative when it is earlier): no hours. */
export function weeksBetween(fromLocalDate: string, toLocalDate: string): number {
  const days = DateTime.fromISO(toLocalDate, { zone: "UTC" }).diff(
    DateTime.fromISO(fromLocalDate, { zone: "UTC" }),
    "days",
  ).days;
  return Math.floor(days / 7);
}

/** The Monday `weeks` weeks after (or before, if negative) the week of a local date: calendar arithmetic, no hours. */
export function addWeeks(monday: string, weeks: number): string {
  return DateTime.fromISO(weekStart(monday), { zone: "UTC" }).plus({ weeks }).toISODate()!;
}

/**
 * The Monday of the week to show: the `?week=` parameter when it is a real date (any day of the week
 * picks its week), else the week of `now` in the zone.
 */
export function resolveWeek(param: string | undefined, zone: string, now: Date = new Date()): string {
  if (param && ISO_DATE.test(param) && DateTime.fromISO(param, { zone: "UTC" }).isValid) return weekStart(param);
  return weekStart(studioDate(now, zone));
}

/** The seven days of the week starting at `monday`, each from local midnight to the next local midnight. */
export function weekDays(monday: string, zone: string): WeekDay[] {
  const first = DateTime.fromISO(weekStart(monday), { zone: "UTC" });
  return Array.from({ length: 7 }, (_, index) => {
    const date = first.plus({ days: index }).toISODate()!;
    const next = first.plus({ days: index + 1 }).toISODate()!;
    return { date, start: startOfLocalDay(date, zone), end: startOfLocalDay(next, zone) };
  });
}

/** Monday 00:00 (studio time) of the week containing `instant`, and the next Monday. */
export function studioWeek(instant: Date, timezone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(instant, { zone: timezone }).startOf("week");
  return { start: start.toJSDate(), end: start.plus({ weeks: 1 }).toJSDate() };
}

/** [from, to) of the whole week in UTC. */
export function weekRange(monday: string, zone: string): { from: Date; to: Date } {
  const days = weekDays(monday, zone);
  return { from: days[0]!.start, to: days[6]!.end };
}

/** Items grouped under the day of the week whose [start, end) holds their start; items outside the week are dropped. */
export function groupByDay<T>(items: T[], startOf: (item: T) => Date, days: WeekDay[]): { day: WeekDay; items: T[] }[] {
  return days.map((day) => ({
    day,
    items: items.filter((item) => {
      const time = startOf(item).getTime();
      return time >= day.start.getTime() && time < day.end.getTime();
    }),
  }));
}

const HOUR_MS = 3_600_000;

/**
 * A UTC window that holds the whole week to show in any zone (offsets run from UTC−12 to UTC+14),
 * so a page can load a week's classes in the same round of queries as the studio (and its zone):
 * the `?week=` week, or, without one, both weeks that "now" can fall in somewhere on Earth.
 * Classes are then grouped with the studio's exact local days (weekDays), which drops the rest.
 */
export function weekWindowAnyZone(param: string | undefined, now: Date = new Date()): { from: Date; to: Date } {
  const mondays =
    param && ISO_DATE.test(param) && DateTime.fromISO(param, { zone: "UTC" }).isValid
      ? [weekStart(param)]
      : [-14, 12].map((hours) => weekStart(studioDate(new Date(now.getTime() + hours * HOUR_MS), "UTC")));
  const first = DateTime.fromISO(mondays[0]!, { zone: "UTC" });
  const last = DateTime.fromISO(mondays.at(-1)!, { zone: "UTC" });
  return { from: first.minus({ hours: 14 }).toJSDate(), to: last.plus({ days: 7, hours: 12 }).toJSDate() };
}
