import { describe, expect, it } from "vitest";
import { attendanceRate, weeklyAttendance } from "./attendance-rate";

const now = new Date("2026-11-25T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("attendanceRate", () => {
  it("is attended / (attended + no-show) of past confirmed bookings", () => {
    const rate = attendanceRate(
      [
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-20T09:00:00Z") },
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-18T09:00:00Z") },
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-11T09:00:00Z") },
        { status: "confirmed", attendance: "no_show", startsAt: at("2026-11-13T09:00:00Z") },
        // not counted: unmarked, cancelled, waitlisted, and a class still to come
        { status: "confirmed", attendance: null, startsAt: at("2026-11-21T09:00:00Z") },
        { status: "late_cancelled", attendance: null, startsAt: at("2026-11-22T09:00:00Z") },
        { status: "cancelled", attendance: "attended", startsAt: at("2026-11-22T09:00:00Z") },
        { status: "waitlisted", attendance: null, startsAt: at("2026-11-19T09:00:00Z") },
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-26T09:00:00Z") },
      ],
      now,
    );
    expect(rate).toEqual({ attended: 3, noShow: 1, rate: 0.75 });
  });

  it("has no rate while nothing is marked", () => {
    expect(attendanceRate([], now)).toEqual({ attended: 0, noShow: 0, rate: null });
    expect(
      attendanceRate([{ status: "confirmed", attendance: null, startsAt: at("2026-11-20T09:00:00Z") }], now).rate,
    ).toBeNull();
  });

  it("counts a class that starts exactly now as not yet past", () => {
    expect(attendanceRate([{ status: "confirmed", attendance: "attended", startsAt: now }], now).attended).toBe(0);
  });
});

describe("weeklyAttendance", () => {
  it("splits the last weeks into seven-day periods ending now, oldest first", () => {
    const weeks = weeklyAttendance(
      [
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-24T09:00:00Z") },
        { status: "confirmed", attendance: "no_show", startsAt: at("2026-11-18T13:00:00Z") },
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-18T11:00:00Z") },
        { status: "confirmed", attendance: "attended", startsAt: at("2026-11-04T12:00:00Z") }, // exactly 3 weeks ago
        { status: "confirmed", attendance: "attended", startsAt: at("2026-10-01T09:00:00Z") }, // too old
        { status: "cancelled", attendance: null, startsAt: at("2026-11-24T09:00:00Z") },
      ],
      now,
      3,
    );
    expect(weeks).toEqual([
      { start: at("2026-11-04T12:00:00Z"), attended: 1, noShow: 0 },
      { start: at("2026-11-11T12:00:00Z"), attended: 1, noShow: 0 },
      { start: at("2026-11-18T12:00:00Z"), attended: 1, noShow: 1 },
    ]);
  });
});
