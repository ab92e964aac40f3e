import { IANAZone } from "luxon";
import { InvalidRecurrenceRuleError } from "./errors";
import { ruleDetail } from "@/lib/error-details";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Turns a wall-clock time in `timezone` into a UTC instant. The wall time is given "floating": as
 * the epoch milliseconds of the same date and time read as UTC (`Date.UTC(y, m - 1, d, hh, mm)`).
 *
 * - A time inside a spring-forward gap moves forward by the gap: 02:30 on a day where 02:00 jumps
 *   to 03:00 becomes 03:30 (we read it with the offset in force before the transition).
 * - A time inside a fall-back overlap takes its first occurrence (the earlier UTC instant).
 *
 * Why not `DateTime.fromObject(…, { zone })`: luxon 3.7 starts from the zone's offset *today* and
 * keeps it when it fits, so an ambiguous time resolves to the first instant when the code runs in
 * summer and to the second in winter (verified). Its gap handling matches ours, but we do both
 * explicitly here with luxon's zone offsets, the way Temporal's "compatible" disambiguation does:
 * look at the offsets a day before and a day after, then keep the earliest candidate that is real.
 *
 * The placer memoizes offsets (Intl calls are the cost); create one per expansion, not per process.
 */
export function createLocalTimePlacer(timezone: string): (wallMs: number) => number {
  const zone = IANAZone.create(timezone);
  if (!zone.isValid) throw new InvalidRecurrenceRuleError(ruleDetail("timezone", "timezone_unknown"));
  const cache = new Map<number, number>();
  const offsetMs = (utcMs: number): number => {
    let offset = cache.get(utcMs);
    if (offset === undefined) {
      offset = zone.offset(utcMs) * MINUTE_MS;
      cache.set(utcMs, offset);
    }
    return offset;
  };

  return (wallMs) => {
    const before = offsetMs(wallMs - DAY_MS);
    const after = offsetMs(wallMs + DAY_MS);
    // No transition within a day either side: the one offset applies.
    if (before === after) return wallMs - before;
    const first = wallMs - before;
    const second = wallMs - after;
    const firstIsReal = offsetMs(first) === before;
    const secondIsReal = offsetMs(second) === after;
    if (firstIsReal && secondIsReal) return Math.min(first, second); // overlap: the earlier instant
    if (firstIsReal) return first;
    if (secondIsReal) return second;
    // Gap: read with the earlier offset, so the wall time lands `after - before` later.
    return first;
  };
}

/** Parses "YYYY-MM-DD" and "HH:MM" into floating wall-clock milliseconds (see above). */
export function toWallMs(localDate: string, localTime: string): number {
  const [hours = 0, minutes = 0] = localTime.split(":").map(Number);
  return Date.parse(`${localDate}T00:00:00Z`) + (hours * 60 + minutes) * MINUTE_MS;
}

/** One-off placement of `localDate` at `localTime` in `timezone` (gap forward, overlap first). */
export function placeLocalTime(options: { localDate: string; localTime: string; timezone: string }): Date {
  return new Date(createLocalTimePlacer(options.timezone)(toWallMs(options.localDate, options.localTime)));
}
