import { describe, expect, it } from "vitest";
import { bucketPeriod } from "./bucket-period";
import { fillRate } from "./fill-rate";
import { fromDateTimeLocal, startOfStudioDate, studioWeek, toDateTimeLocal } from "./studio-time";

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

  it("finds the studio's week (Monday 00:00 local) and day", () => {
    const week = studioWeek(new Date("2026-03-29T12:00:00Z"), CPH); // a Sunday, DST day
    expect(week.start.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-29T22:00:00.000Z"); // 167-hour week
    expect(startOfStudioDate("2026-07-01", CPH)?.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfStudioDate("2026-7-1", CPH)).toBeUndefined();
  });
});

describe("fillRate", () => {
  it("is confirmed ÷ capacity, rounded to 4 decimals, 0 without capacity, capped at 1", () => {
    expect(fillRate(4, 15)).toBe(0.2667);
    expect(fillRate(0, 10)).toBe(0);
    expect(fillRate(3, 0)).toBe(0);
    expect(fillRate(12, 10)).toBe(1);
    expect(fillRate(10, 10)).toBe(1);
  });
});

describe("bucketPeriod", () => {
  it("cuts up to 31 days at local midnights, including the 23-hour DST day", () => {
    const { unit, buckets } = bucketPeriod({
      from: new Date("2026-03-28T10:00:00Z"),
      to: new Date("2026-03-31T00:00:00Z"),
      timezone: CPH,
    });
    expect(unit).toBe("day");
    expect(buckets.map((b) => [b.label, b.start.toISOString(), b.end.toISOString()])).toEqual([
      ["2026-03-28", "2026-03-28T10:00:00.000Z", "2026-03-28T23:00:00.000Z"],
      ["2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
      ["2026-03-30", "2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z"],
      ["2026-03-31", "2026-03-30T22:00:00.000Z", "2026-03-31T00:00:00.000Z"],
    ]);
  });

  it("uses Monday weeks beyond 31 days, covering the period without gaps", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    const to = new Date("2026-03-01T00:00:00Z");
    const { unit, buckets } = bucketPeriod({ from, to, timezone: CPH });
    expect(unit).toBe("week");
    expect(buckets[0]!.label).toBe("2025-12-29");
    expect(buckets[0]!.start).toEqual(from);
    expect(buckets.at(-1)!.end).toEqual(to);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.start).toEqual(buckets[i - 1]!.end);
  });
});
