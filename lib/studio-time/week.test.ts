import { describe, expect, it } from "vitest";
import {
  addWeeks,
  groupByDay,
  isoWeekday,
  resolveWeek,
  studioWeek,
  weekDays,
  weekRange,
  weekStart,
  weeksBetween,
  weekWindowAnyZone,
} from "./week";
import { studioDate } from "./studio-date";

const HOUR = 3_600_000;
const hoursOf = (day: { start: Date; end: Date }) => (day.end.getTime() - day.start.getTime()) / HOUR;

describe("week navigation", () => {
  it("finds the Monday of any day's week", () => {
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // its Sunday
    expect(weekStart("2026-01-01")).toBe("2025-12-29"); // across a year
  });

  it("names a date's ISO weekday and counts whole weeks between dates", () => {
    expect(isoWeekday("2026-11-23")).toBe(1); // a Monday
    expect(isoWeekday("2026-11-29")).toBe(7); // its Sunday
    expect(weeksBetween("2026-03-23", "2026-03-29")).toBe(0);
    expect(weeksBetween("2026-03-23", "2026-03-30")).toBe(1); // across the spring-forward Sunday
    expect(weeksBetween("2026-03-23", "2026-03-22")).toBe(-1);
  });

  it("moves by calendar weeks, across DST changes and year ends", () => {
    expect(addWeeks("2026-03-23", 1)).toBe("2026-03-30");
    expect(addWeeks("2026-03-30", -1)).toBe("2026-03-23");
    expect(addWeeks("2026-10-19", 1)).toBe("2026-10-26");
    expect(addWeeks("2025-12-29", 1)).toBe("2026-01-05");
  });

  it("gives the week containing 2026-03-29 in Copenhagen a 23-hour Sunday (CET → CEST)", () => {
    const days = weekDays("2026-03-23", "Europe/Copenhagen");
    expect(days.map((day) => day.date)).toEqual([
      "2026-03-23",
      "2026-03-24",
      "2026-03-25",
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
    ]);
    expect(days.map(hoursOf)).toEqual([24, 24, 24, 24, 24, 24, 23]);
    expect(days[0]!.start.toISOString()).toBe("2026-03-22T23:00:00.000Z"); // local midnight, UTC+1
    expect(days[6]!.end.toISOString()).toBe("2026-03-29T22:00:00.000Z"); // next local midnight, UTC+2
    const range = weekRange("2026-03-23", "Europe/Copenhagen");
    expect((range.to.getTime() - range.from.getTime()) / HOUR).toBe(167);
  });

  it("gives the autumn change in Copenhagen a 25-hour Sunday", () => {
    expect(weekDays("2026-10-19", "Europe/Copenhagen").map(hoursOf)).toEqual([24, 24, 24, 24, 24, 24, 25]);
  });

  it("follows New York's own DST dates (2026-03-08 and 2026-11-01, both Sundays)", () => {
    const spring = weekDays("2026-03-02", "America/New_York");
    expect(spring.map(hoursOf)).toEqual([24, 24, 24, 24, 24, 24, 23]);
    expect(spring[0]!.start.toISOString()).toBe("2026-03-02T05:00:00.000Z");
    expect(spring[6]!.end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(weekDays("2026-10-26", "America/New_York").map(hoursOf)).toEqual([24, 24, 24, 24, 24, 24, 25]);
    // Copenhagen's change week is an ordinary week in New York
    expect(weekDays("2026-03-23", "America/New_York").map(hoursOf)).toEqual([24, 24, 24, 24, 24, 24, 24]);
  });

  it("finds the studio's week of an instant (Monday 00:00 local)", () => {
    const week = studioWeek(new Date("2026-03-29T12:00:00Z"), "Europe/Copenhagen"); // a Sunday, DST day
    expect(week.start.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-29T22:00:00.000Z"); // 167-hour week
  });

  it("resolves ?week= to its Monday, and falls back to this week in the studio's zone", () => {
    expect(resolveWeek("2026-03-26", "Europe/Copenhagen")).toBe("2026-03-23");
    // Sunday 23:30 UTC is already Monday in Copenhagen: the next week
    const sundayLate = new Date("2026-11-29T23:30:00Z");
    expect(resolveWeek(undefined, "Europe/Copenhagen", sundayLate)).toBe("2026-11-30");
    expect(resolveWeek(undefined, "America/New_York", sundayLate)).toBe("2026-11-23");
    expect(resolveWeek("2026-02-30", "Europe/Copenhagen", sundayLate)).toBe("2026-11-30");
    expect(resolveWeek("not-a-date", "Europe/Copenhagen", sundayLate)).toBe("2026-11-30");
  });
});

describe("grouping classes by day", () => {
  it("puts a class at 23:30 local under its local day, though it is the next day in UTC for New York", () => {
    const days = weekDays("2026-11-23", "America/New_York");
    const late = { id: "late", startsAt: new Date("2026-11-25T04:30:00Z") }; // Tue 23:30 in New York
    const early = { id: "early", startsAt: new Date("2026-11-24T05:00:00Z") }; // Tue 00:00 in New York
    const outside = { id: "outside", startsAt: new Date("2026-11-30T05:00:00Z") }; // next Monday 00:00
    const grouped = groupByDay([early, late, outside], (item) => item.startsAt, days);
    expect(grouped.map(({ day, items }) => [day.date, items.map((item) => item.id)])).toEqual([
      ["2026-11-23", []],
      ["2026-11-24", ["early", "late"]],
      ["2026-11-25", []],
      ["2026-11-26", []],
      ["2026-11-27", []],
      ["2026-11-28", []],
      ["2026-11-29", []],
    ]);
    expect(studioDate(late.startsAt, "America/New_York")).toBe("2026-11-24");
  });

  it("puts a class at 23:30 in Copenhagen on its local day, which in UTC is 22:30 the same day", () => {
    const days = weekDays("2026-11-23", "Europe/Copenhagen");
    const sundayLate = { startsAt: new Date("2026-11-29T22:30:00Z") }; // Sun 23:30 local
    const grouped = groupByDay([sundayLate], (item) => item.startsAt, days);
    expect(grouped[6]!.items).toEqual([sundayLate]);
  });
});

describe("the zone-independent window of a week", () => {
  const zones = ["Pacific/Kiritimati", "Europe/Copenhagen", "America/New_York", "Etc/GMT+12"];
  const contains = (window: { from: Date; to: Date }, range: { from: Date; to: Date }) =>
    window.from.getTime() <= range.from.getTime() && range.to.getTime() <= window.to.getTime();

  it("holds the ?week= week in every zone, from UTC+14 to UTC−12", () => {
    const window = weekWindowAnyZone("2026-03-25");
    for (const zone of zones) expect(contains(window, weekRange("2026-03-23", zone)), zone).toBe(true);
    expect(window.from.toISOString()).toBe("2026-03-22T10:00:00.000Z");
    expect(window.to.toISOString()).toBe("2026-03-30T12:00:00.000Z");
  });

  it("without ?week=, holds this week wherever the studio is, also when that differs by zone", () => {
    for (const now of [
      new Date("2026-11-29T23:30:00Z"),
      new Date("2026-11-30T05:00:00Z"),
      new Date("2026-11-25T12:00:00Z"),
    ]) {
      const window = weekWindowAnyZone(undefined, now);
      for (const zone of zones) {
        const monday = resolveWeek(undefined, zone, now);
        expect(contains(window, weekRange(monday, zone)), `${zone} at ${now.toISOString()}`).toBe(true);
      }
    }
  });
});
