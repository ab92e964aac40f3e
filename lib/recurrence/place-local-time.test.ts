import { DateTime, Settings } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidRecurrenceRuleError } from "./errors";
import { createLocalTimePlacer, placeLocalTime, toWallMs } from "./place-local-time";

const place = (localDate: string, localTime: string, timezone: string) =>
  placeLocalTime({ localDate, localTime, timezone }).toISOString();

describe("placeLocalTime", () => {
  it.each([
    // [zone, local date, local time, expected UTC, why]
    ["Europe/Copenhagen", "2026-01-13", "18:00", "2026-01-13T17:00:00.000Z", "winter, +01:00"],
    ["Europe/Copenhagen", "2026-07-14", "18:00", "2026-07-14T16:00:00.000Z", "summer, +02:00"],
    ["Europe/Copenhagen", "2026-03-29", "02:30", "2026-03-29T01:30:00.000Z", "gap → 03:30 local"],
    ["Europe/Copenhagen", "2026-03-29", "02:00", "2026-03-29T01:00:00.000Z", "gap start → 03:00 local"],
    ["Europe/Copenhagen", "2026-03-29", "03:00", "2026-03-29T01:00:00.000Z", "first time after the gap"],
    ["Europe/Copenhagen", "2026-10-25", "02:30", "2026-10-25T00:30:00.000Z", "overlap → first"],
    ["Europe/Copenhagen", "2026-10-25", "03:00", "2026-10-25T02:00:00.000Z", "just after the overlap"],
    ["America/New_York", "2026-03-08", "02:30", "2026-03-08T07:30:00.000Z", "gap → 03:30 EDT"],
    ["America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00.000Z", "overlap → first (EDT)"],
    ["America/New_York", "2026-11-01", "01:00", "2026-11-01T05:00:00.000Z", "overlap start → first"],
    ["Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:45:00.000Z", "30-minute gap → 02:45 +11:00"],
    ["Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00.000Z", "30-minute overlap → first"],
    ["America/Santiago", "2026-09-06", "00:30", "2026-09-06T04:30:00.000Z", "midnight gap → 01:30 -03:00"],
    ["America/Santiago", "2026-04-04", "23:30", "2026-04-05T02:30:00.000Z", "overlap before midnight → first"],
    ["Pacific/Chatham", "2026-09-27", "03:00", "2026-09-26T14:15:00.000Z", "gap at 02:45 → 04:00 +13:45"],
    ["Europe/Dublin", "2026-03-29", "01:30", "2026-03-29T01:30:00.000Z", "negative-DST zone, gap → 02:30 IST"],
    ["Europe/Dublin", "2026-10-25", "01:30", "2026-10-25T00:30:00.000Z", "negative-DST zone, overlap → first"],
    ["Asia/Kolkata", "2026-03-29", "02:30", "2026-03-28T21:00:00.000Z", "no DST, +05:30"],
  ])("%s %s %s → %s (%s)", (zone, date, time, expected) => {
    expect(place(date, time, zone)).toBe(expected);
  });

  it("rejects an unknown zone", () => {
    expect(() => createLocalTimePlacer("Mars/Olympus_Mons")).toThrow(InvalidRecurrenceRuleError);
  });

  it("reads wall times as floating UTC milliseconds", () => {
    expect(toWallMs("2026-03-29", "02:30")).toBe(Date.UTC(2026, 2, 29, 2, 30));
  });
});

describe("why the placement is forced: luxon's own choice for an ambiguous time depends on today's date", () => {
  const realNow = Settings.now;
  afterEach(() => {
    Settings.now = realNow;
  });
  const luxonPick = (now: string) => {
    Settings.now = () => Date.parse(now);
    return DateTime.fromObject({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, { zone: "America/New_York" })
      .toUTC()
      .toISO();
  };

  it("luxon picks the second 01:30 when run in winter and the first in summer; ours is always the first", () => {
    expect(luxonPick("2026-01-15T12:00:00Z")).toBe("2026-11-01T06:30:00.000Z");
    expect(luxonPick("2026-07-15T12:00:00Z")).toBe("2026-11-01T05:30:00.000Z");
    for (const now of ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) {
      Settings.now = () => Date.parse(now);
      expect(place("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    }
  });

  it("luxon moves a gap time forward by the gap, as we do", () => {
    const luxon = DateTime.fromObject({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, { zone: "Europe/Copenhagen" });
    expect(luxon.toFormat("HH:mm")).toBe("03:30");
    expect(luxon.toUTC().toISO()).toBe(place("2026-03-29", "02:30", "Europe/Copenhagen"));
  });
});
