import { describe, expect, it } from "vitest";
import { shiftByStudioDays, startOfLocalDay, startOfNextLocalDay, startOfStudioDate, studioDay } from "./day";
import { addDays } from "./studio-date";

const CPH = "Europe/Copenhagen";

describe("the studio's days", () => {
  it("finds 00:00 in the studio of a date, and refuses what is no YYYY-MM-DD date", () => {
    expect(startOfStudioDate("2026-07-01", CPH)?.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfStudioDate("2026-7-1", CPH)).toBeUndefined();
    expect(startOfStudioDate("2026-02-30", CPH)).toBeUndefined();
  });

  it("bounds a date by its local midnight and the next one, 23 hours on the spring-forward day", () => {
    expect(startOfLocalDay("2026-03-29", CPH).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfNextLocalDay("2026-03-29", CPH).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("finds the studio day an instant falls in, which in UTC may start the day before", () => {
    const day = studioDay(new Date("2026-10-25T12:00:00Z"), CPH); // the 25-hour day
    expect([day.start.toISOString(), day.end.toISOString()]).toEqual([
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
    ]);
  });

  it("shifts by calendar days keeping the local time across a DST change", () => {
    expect(shiftByStudioDays(new Date("2026-03-28T17:00:00Z"), 1, CPH).toISOString()).toBe("2026-03-29T16:00:00.000Z");
  });

  it("adds calendar days to a date, across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("tomorrow", 1)).toBeUndefined();
  });
});
