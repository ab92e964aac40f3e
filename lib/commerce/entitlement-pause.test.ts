import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dateOnly, isPausedAt, runningOrComingPause } from "./entitlement-pause";

// The pause rule has two homes: the database's entitlement_paused_at (which usable_entitlements, so
// every booking, applies) and isPausedAt (booking-options' explanation). Both must answer alike,
// on the studio's dates, around midnight and across a DST change.

async function sqlPausedAt(from: string | null, until: string | null, startsAt: Date, timezone: string) {
  const [row] = await db.$queryRaw<{ paused: boolean }[]>`
    SELECT entitlement_paused_at(${from}::date, ${until}::date, ${startsAt.toISOString()}::timestamp, ${timezone}) AS paused`;
  return row!.paused;
}

const cases: [string | null, string | null, string, string, boolean][] = [
  // from, until (exclusive), class start (UTC), studio timezone, paused
  ["2030-03-01", "2030-03-15", "2030-03-01T00:30:00Z", "Europe/Copenhagen", true],
  ["2030-03-01", "2030-03-15", "2030-02-28T22:59:00Z", "Europe/Copenhagen", false], // 23:59 on 28 Feb there
  ["2030-03-01", "2030-03-15", "2030-02-28T23:00:00Z", "Europe/Copenhagen", true], // 00:00 on 1 March there
  ["2030-03-01", "2030-03-15", "2030-03-14T22:59:00Z", "Europe/Copenhagen", true], // 23:59 on 14 March
  ["2030-03-01", "2030-03-15", "2030-03-14T23:00:00Z", "Europe/Copenhagen", false], // the day it resumes
  ["2030-03-25", "2030-04-02", "2030-03-31T22:30:00Z", "Europe/Copenhagen", true], // after the DST change (UTC+2)
  ["2030-03-25", "2030-04-02", "2030-04-01T22:00:00Z", "Europe/Copenhagen", false],
  ["2030-03-01", "2030-03-15", "2030-03-01T05:00:00Z", "America/Los_Angeles", false], // still 28 Feb there
  ["2030-03-01", "2030-03-15", "2030-03-15T05:00:00Z", "America/Los_Angeles", true], // still 14 March there
  [null, null, "2030-03-05T10:00:00Z", "Europe/Copenhagen", false],
];

describe("entitlement_paused_at and isPausedAt", () => {
  it.each(cases)("[%s, %s) at %s in %s: paused %s", async (from, until, startsAt, timezone, paused) => {
    const at = new Date(startsAt);
    const pause = { pausedFrom: from ? dateOnly(from) : null, pausedUntil: until ? dateOnly(until) : null };
    expect(isPausedAt(pause, at, timezone)).toBe(paused);
    expect(await sqlPausedAt(from, until, at, timezone)).toBe(paused);
  });
});

describe("runningOrComingPause", () => {
  const pause = { pausedFrom: dateOnly("2030-03-01"), pausedUntil: dateOnly("2030-03-15") };
  it.each([
    ["2030-02-20", { from: "2030-03-01", until: "2030-03-15", running: false }],
    ["2030-03-01", { from: "2030-03-01", until: "2030-03-15", running: true }],
    ["2030-03-14", { from: "2030-03-01", until: "2030-03-15", running: true }],
    ["2030-03-15", null], // the day it resumes: over
  ])("on %s: %o", (today, shown) => {
    expect(runningOrComingPause(pause, today)).toEqual(shown);
  });

  it("is null without a pause", () => {
    expect(runningOrComingPause({ pausedFrom: null, pausedUntil: null }, "2030-03-01")).toBeNull();
  });
});
