import { describe, expect, it } from "vitest";
import { fromDateTimeLocal, studioWallClock, toDateTimeLocal } from "./wall-clock";

const CPH = "Europe/Copenhagen";

describe("datetime-local ↔ UTC in the studio's timezone", () => {
  it("reads winter and summer times with their offsets", () => {
    expect(fromDateTimeLocal("2026-01-15T18:00", CPH)?.toISOString()).toBe("2026-01-15T17:00:00.000Z");
    expect(fromDateTimeLocal("2026-07-15T18:00", CPH)?.toISOString()).toBe("2026-07-15T16:00:00.000Z");
  });

  it("moves a time in the spring-forward gap forward by the gap", () => {
    // 29 March 2026: 02:00 → 03:00 in Copenhagen; 02:30 does not exist and becomes 03:30 CEST.
    expect(fromDateTimeLocal("2026-03-29T02:30", CPH)?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("takes the first occurrence of an ambiguous fall-back time", () => {
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice, first at 00:30Z (CEST).
    expect(fromDateTimeLocal("2026-10-25T02:30", CPH)?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("accepts seconds and rejects malformed values", () => {
    expect(fromDateTimeLocal("2026-01-15T18:00:00", CPH)?.toISOString()).toBe("2026-01-15T17:00:00.000Z");
    for (const bad of ["", "2026-01-15", "2026-02-30T10:00", "2026-01-15T24:00", "tomorrow", "2026-01-15T18:00Z"]) {
      expect(fromDateTimeLocal(bad, CPH)).toBeUndefined();
    }
  });

  it("writes an instant as the studio's wall time, round-tripping", () => {
    expect(toDateTimeLocal(new Date("2026-07-15T16:00:00Z"), CPH)).toBe("2026-07-15T18:00");
    expect(toDateTimeLocal(new Date("2026-10-25T01:30:00Z"), CPH)).toBe("2026-10-25T02:30"); // the second 02:30
    const instant = new Date("2026-12-01T09:15:00Z");
    expect(fromDateTimeLocal(toDateTimeLocal(instant, CPH), CPH)).toEqual(instant);
  });

  it("reads the studio's date, time and minute of the day of an instant", () => {
    expect(studioWallClock(new Date("2026-07-15T21:59:00Z"), CPH)).toEqual({
      date: "2026-07-15",
      time: "23:59",
      minuteOfDay: 1439,
    });
    expect(studioWallClock(new Date("2026-07-15T22:00:00Z"), CPH)).toEqual({
      date: "2026-07-16",
      time: "00:00",
      minuteOfDay: 0,
    });
  });
});
