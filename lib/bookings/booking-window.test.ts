// The booking window has two homes that must agree: booking_window_state in the database decides a
// booking (booking_verdict), and bookingWindowState explains it on the public schedule before a tap.
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { bookingWindowState, isLateCancellation, type BookingPolicy } from "./booking-window";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const startsAt = new Date("2026-03-29T01:30:00.000Z"); // a daylight-saving night in Copenhagen

const policies: BookingPolicy[] = [
  { opensDaysBefore: 14, closesMinutesBefore: 30, cancellationWindowHours: 12 },
  { opensDaysBefore: 0, closesMinutesBefore: 0, cancellationWindowHours: 0 },
  { opensDaysBefore: 1, closesMinutesBefore: 24 * 60, cancellationWindowHours: 24 },
];

/** Moments around each edge of each policy's window, to the millisecond. */
function momentsAround(policy: BookingPolicy): Date[] {
  const edges = [-policy.opensDaysBefore * DAY, -policy.closesMinutesBefore * MINUTE, 0, -20 * DAY, 60 * MINUTE];
  return edges.flatMap((edge) => [-1, 0, 1].map((ms) => new Date(startsAt.getTime() + edge + ms)));
}

describe("the booking window", () => {
  it("is the same in the database's booking_window_state and on the public schedule", async () => {
    const cases = policies.flatMap((policy) => momentsAround(policy).map((now) => ({ policy, now })));
    const rows = await getDatabase().sql.query(
      `SELECT booking_window_state(c.now, $2::timestamp, c.opens, c.closes) AS state
         FROM unnest($1::timestamp[], $3::int[], $4::int[]) WITH ORDINALITY AS c(now, opens, closes, n)
        ORDER BY c.n`,
      [
        cases.map(({ now }) => now.toISOString()),
        startsAt.toISOString(),
        cases.map(({ policy }) => policy.opensDaysBefore),
        cases.map(({ policy }) => policy.closesMinutesBefore),
      ],
    );
    const fromDatabase = rows.map((row) => row.state);
    const fromTypeScript = cases.map(({ now, policy }) => bookingWindowState(now, startsAt, policy));
    expect(fromTypeScript).toEqual(fromDatabase);
    expect(new Set(fromDatabase)).toEqual(new Set(["started", "not_open_yet", "closed", "open"]));
  });

  it("opens on the first millisecond of its day count, closes after the last allowed minute, ends at the start", () => {
    const [policy] = policies;
    const at = (offset: number) => bookingWindowState(new Date(startsAt.getTime() + offset), startsAt, policy!);
    expect([at(-14 * DAY - 1), at(-14 * DAY), at(-30 * MINUTE), at(-30 * MINUTE + 1), at(-1), at(0)]).toEqual([
      "not_open_yet",
      "open",
      "open",
      "closed",
      "closed",
      "started",
    ]);
  });

  it("keeps the credit of a cancellation from the cancellation window's first moment", () => {
    const policy = { cancellationWindowHours: 12 };
    const at = (offset: number) => isLateCancellation(new Date(startsAt.getTime() + offset), startsAt, policy);
    expect([at(-12 * 60 * MINUTE - 1), at(-12 * 60 * MINUTE)]).toEqual([false, true]);
  });
});
