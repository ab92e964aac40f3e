import { studioDate } from "@/lib/studio-time/studio-date";

const DAY_MS = 86_400_000;

/** A pause as stored: the studio's dates (`@db.Date`), `pausedUntil` exclusive (the day it resumes). */
export type Pause = { pausedFrom: Date | null; pausedUntil: Date | null };

/** A `YYYY-MM-DD` as a `@db.Date` value (midnight UTC). */
export function dateOnly(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

/** The studio's date of an instant, as a `@db.Date` value (midnight UTC). */
export function studioDbDate(at: Date, timezone: string): Date {
  return dateOnly(studioDate(at, timezone));
}

/**
 * Whether the pause holds a class starting at `startsAt`: its date in the studio's timezone lies in
 * [pausedFrom, pausedUntil). The database's entitlement_paused_at (prisma/sql/functions) is the same
 * rule for bookings; entitlement-pause.test.ts holds the two together.
 */
export function isPausedAt(pause: Pause, startsAt: Date, timezone: string): boolean {
  if (!pause.pausedFrom || !pause.pausedUntil) return false;
  const day = studioDbDate(startsAt, timezone);
  return day >= pause.pausedFrom && day < pause.pausedUntil;
}

/** A pause as shown: its first day and the day it resumes (`YYYY-MM-DD`), and whether it runs today. */
export type ShownPause = { from: string; until: string; running: boolean };

/**
 * The pause that runs on `today` (the studio's `YYYY-MM-DD`) or is still to come; null when there is
 * none or it has ended. The pause note on the person page and the member's own page.
 */
export function runningOrComingPause(pause: Pause, today: string): ShownPause | null {
  if (!pause.pausedFrom || !pause.pausedUntil) return null;
  const from = pause.pausedFrom.toISOString().slice(0, 10);
  const until = pause.pausedUntil.toISOString().slice(0, 10);
  if (until <= today) return null;
  return { from, until, running: from <= today };
}

/** Whole days from `from` to `until` (both `@db.Date` values). */
export function daysBetween(from: Date, until: Date): number {
  return Math.round((until.getTime() - from.getTime()) / DAY_MS);
}

/**
 * Whether a pause runs past `day` (a `@db.Date` value or the studio's `YYYY-MM-DD`): it runs on that day or is
 * still to come. What resuming ends (resume-entitlement.ts) and what keeps a second pause from being set
 * (pause-entitlement.ts); membershipControls reads it on the studio's today.
 */
export function pauseRunsPast(pause: Pause, day: Date | string): boolean {
  if (!pause.pausedFrom || !pause.pausedUntil) return false;
  return pause.pausedUntil > (typeof day === "string" ? dateOnly(day) : day);
}
