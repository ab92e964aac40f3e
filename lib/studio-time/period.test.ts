import { describe, expect, it } from "vitest";
import { bucketPeriod, periodOfStudioDates } from "./period";

const CPH = "Europe/Copenhagen";

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

  it("bounds whole studio days, both included, by local midnights", () => {
    const { start, end } = periodOfStudioDates("2026-03-28", "2026-03-29", CPH);
    expect([start.toISOString(), end.toISOString()]).toEqual(["2026-03-27T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
  });
});
