import { describe, expect, it } from "vitest";
import type { Occurrence } from "@/lib/recurrence";
import { planSeriesRegeneration } from "./plan-series-regeneration";

// Copenhagen in January: local 18:00 = 17:00Z.
const now = new Date("2027-01-10T12:00:00Z");
const occurrence = (localDate: string, hour = 17): Occurrence => ({
  localDate,
  startsAt: new Date(`${localDate}T${String(hour).padStart(2, "0")}:00:00Z`),
  endsAt: new Date(`${localDate}T${String(hour + 1).padStart(2, "0")}:00:00Z`),
});
let n = 0;
const instance = (localDate: string, change: Partial<{ status: string; originalStartsAt: Date; startsAt: Date; capacity: number }> = {}) => {
  const { startsAt, endsAt } = occurrence(localDate);
  return {
    id: `i${++n}`,
    status: "scheduled",
    originalStartsAt: null as Date | null,
    occurrenceDate: new Date(`${localDate}T00:00:00Z`),
    startsAt,
    endsAt,
    capacity: 10,
    ...change,
  };
};
const plan = (instances: ReturnType<typeof instance>[], occurrences: Occurrence[], booked: string[] = [], capacity = 10) =>
  planSeriesRegeneration({ instances, occurrences, timezone: "Europe/Copenhagen", capacity, now, booked: new Set(booked) });

describe("planSeriesRegeneration", () => {
  it("changes nothing when the rule yields the same occurrences", () => {
    const dates = ["2027-01-05", "2027-01-12", "2027-01-19"];
    expect(plan(dates.map((d) => instance(d)), dates.map((d) => occurrence(d)))).toEqual({ retime: [], recapacity: [], remove: [], create: [] });
  });

  it("retimes matched future instances, takes a new capacity in one batch and leaves elapsed ones alone", () => {
    const elapsed = instance("2027-01-05");
    const same = instance("2027-01-12");
    const later = instance("2027-01-19");
    const result = plan([elapsed, same, later], [occurrence("2027-01-05", 9), occurrence("2027-01-12"), occurrence("2027-01-19", 9)], [], 12);
    expect(result.retime).toEqual([{ id: later.id, startsAt: occurrence("2027-01-19", 9).startsAt, endsAt: occurrence("2027-01-19", 9).endsAt }]);
    expect(result.recapacity).toEqual([same.id]);
    expect(result.remove).toEqual([]);
    expect(result.create).toEqual([]);
  });

  it("never creates on a date held by a kept instance: cancelled, moved (both dates) or booked", () => {
    const cancelled = instance("2027-01-12", { status: "cancelled" });
    const moved = instance("2027-01-19", { status: "moved", originalStartsAt: occurrence("2027-01-19").startsAt, startsAt: new Date("2027-01-20T17:00:00Z") });
    const booked = instance("2027-01-26");
    const free = instance("2027-02-02");
    const result = plan(
      [cancelled, moved, booked, free],
      ["2027-01-13", "2027-01-12", "2027-01-19", "2027-01-20", "2027-01-26", "2027-01-27"].map((d) => occurrence(d)).sort((a, b) => a.localDate.localeCompare(b.localDate)),
      [booked.id],
    );
    // 12 (cancelled), 19 and 20 (moved from 19 to 20) are held; 26 is the booked instance's own date: matched
    expect(result.create.map((o) => o.localDate)).toEqual(["2027-01-13", "2027-01-27"]);
    expect(result.remove).toEqual([free.id]);
    expect(result.retime).toEqual([]);
  });

  it("keeps an unmatched booked instance, and the local date it now starts on blocks a new occurrence (timezone change)", () => {
    const booked = instance("2027-01-12"); // 17:00Z on 12 January = 06:00 on 13 January in Auckland
    const free = instance("2027-01-19");
    const auckland = (d: string) => ({ localDate: d, startsAt: new Date(`${d}T05:00:00Z`), endsAt: new Date(`${d}T06:00:00Z`) });
    const result = planSeriesRegeneration({
      instances: [booked, free],
      occurrences: ["2027-01-13", "2027-01-20"].map(auckland),
      timezone: "Pacific/Auckland",
      capacity: 10,
      now,
      booked: new Set([booked.id]),
    });
    expect(result.remove).toEqual([free.id]);
    expect(result.create.map((o) => o.localDate)).toEqual(["2027-01-20"]);
  });

  it("ignores occurrences that start before now and drops instances whose new time would be elapsed", () => {
    const today = instance("2027-01-10", { startsAt: new Date("2027-01-10T17:00:00Z") });
    const result = plan([today], [occurrence("2027-01-09"), occurrence("2027-01-10", 8)]);
    expect(result.create).toEqual([]);
    expect(result.remove).toEqual([today.id]);
  });
});
