/** A studio's booking policy (Account settings, decisions §7). */
export type BookingPolicy = { opensDaysBefore: number; closesMinutesBefore: number; cancellationWindowHours: number };

/** Where a moment falls in a class's booking window; only `open` lets a booking through. */
export type BookingWindowState = "started" | "not_open_yet" | "closed" | "open";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The moments that bound a class's booking: bookable from `opensAt` to `closesAt` (inclusive) and
 * before the start; a confirmed place cancelled before `refundUntil` gets its credit back.
 */
export function bookingWindow(startsAt: Date, policy: BookingPolicy): { opensAt: Date; closesAt: Date; refundUntil: Date } {
  const start = startsAt.getTime();
  return {
    opensAt: new Date(start - policy.opensDaysBefore * DAY_MS),
    closesAt: new Date(start - policy.closesMinutesBefore * MINUTE_MS),
    refundUntil: refundUntil(startsAt, policy),
  };
}

/**
 * The booking window's state at `now`, for the pages that explain it before a tap. A booking itself
 * is decided in the database by booking_window_state (prisma/sql/functions), the same rule:
 * booking-window.test.ts holds the two together.
 */
export function bookingWindowState(now: Date, startsAt: Date, policy: BookingPolicy): BookingWindowState {
  const { opensAt, closesAt } = bookingWindow(startsAt, policy);
  if (now >= startsAt) return "started";
  if (now < opensAt) return "not_open_yet";
  if (now > closesAt) return "closed";
  return "open";
}

type CancellationPolicy = Pick<BookingPolicy, "cancellationWindowHours">;

function refundUntil(startsAt: Date, policy: CancellationPolicy): Date {
  return new Date(startsAt.getTime() - policy.cancellationWindowHours * HOUR_MS);
}

/** A confirmed place cancelled at `now` keeps its credit (`late_cancelled`) inside the cancellation window. */
export function isLateCancellation(now: Date, startsAt: Date, policy: CancellationPolicy): boolean {
  return now >= refundUntil(startsAt, policy);
}
