/** What the attendance figures read of a booking: its status, the mark and when the class started. */
export type AttendanceBooking = { status: string; attendance: string | null; startsAt: Date };

export type AttendanceRate = {
  attended: number;
  noShow: number;
  /** attended / (attended + noShow); null while no past confirmed booking is marked. */
  rate: number | null;
};

/**
 * A person's attendance rate: of their confirmed bookings of classes that started before `now`,
 * those marked attended among those marked attended or no-show. Unmarked bookings, cancellations
 * and the waitlist do not count either way.
 */
export function attendanceRate(bookings: AttendanceBooking[], now: Date): AttendanceRate {
  let attended = 0;
  let noShow = 0;
  for (const booking of bookings) {
    if (booking.status !== "confirmed" || booking.startsAt >= now) continue;
    if (booking.attendance === "attended") attended += 1;
    else if (booking.attendance === "no_show") noShow += 1;
  }
  return { attended, noShow, rate: attended + noShow === 0 ? null : attended / (attended + noShow) };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The same counts for each of the `weeks` seven-day periods ending at `now`, oldest first (period
 * `i` starts `weeks - i` weeks before `now`), for a small chart.
 */
export function weeklyAttendance(
  bookings: AttendanceBooking[],
  now: Date,
  weeks: number,
): Array<{ start: Date; attended: number; noShow: number }> {
  const periods = Array.from({ length: weeks }, (_, index) => ({
    start: new Date(now.getTime() - (weeks - index) * WEEK_MS),
    attended: 0,
    noShow: 0,
  }));
  const first = periods[0]?.start.getTime() ?? now.getTime();
  for (const booking of bookings) {
    const at = booking.startsAt.getTime();
    if (booking.status !== "confirmed" || at < first || at >= now.getTime()) continue;
    const period = periods[Math.floor((at - first) / WEEK_MS)]!;
    if (booking.attendance === "attended") period.attended += 1;
    else if (booking.attendance === "no_show") period.noShow += 1;
  }
  return periods;
}
