import { describe, expect, it } from "vitest";
import { InvalidRecurrenceRuleError, RecurrenceLimitError, RecurrenceRuleError } from "./errors";
import { expandSeries, resolveRule, type RecurrenceRuleInput } from "./expand-series";

const defaults = { timezone: "Europe/Copenhagen", durationMinutes: 60 };
const expand = (input: RecurrenceRuleInput, zone = defaults.timezone) =>
  expandSeries(resolveRule(input, { ...defaults, timezone: zone }));
/** "localDate startsAt" lines, easy to compare with exact instants. */
const lines = (input: RecurrenceRuleInput, zone?: string) =>
  expand(input, zone).map((o) => `${o.localDate} ${o.startsAt.toISOString()}`);
const dates = (input: RecurrenceRuleInput) => expand(input).map((o) => o.localDate);

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("expandSeries across daylight-saving changes", () => {
  it("keeps Tuesday 18:00 in Copenhagen: 17:00Z in winter, 16:00Z in summer (DST 2026-03-29 and 2026-10-25)", () => {
    const all = lines({ frequency: "weekly", weekdays: [2], localStartTime: "18:00", startsOn: "2026-03-17", endsOn: "2026-11-03" });
    expect(all).toHaveLength(34);
    expect(all.slice(0, 3)).toEqual([
      "2026-03-17 2026-03-17T17:00:00.000Z",
      "2026-03-24 2026-03-24T17:00:00.000Z",
      "2026-03-31 2026-03-31T16:00:00.000Z",
    ]);
    expect(all.slice(-3)).toEqual([
      "2026-10-20 2026-10-20T16:00:00.000Z",
      "2026-10-27 2026-10-27T17:00:00.000Z",
      "2026-11-03 2026-11-03T17:00:00.000Z",
    ]);
  });

  it("keeps Sunday 10:00 in New York across its own DST dates (2026-03-08, 2026-11-01)", () => {
    const all = lines(
      { frequency: "weekly", localStartTime: "10:00", startsOn: "2026-03-01", endsOn: "2026-11-08" },
      "America/New_York",
    );
    expect(all.slice(0, 2)).toEqual(["2026-03-01 2026-03-01T15:00:00.000Z", "2026-03-08 2026-03-08T14:00:00.000Z"]);
    expect(all.slice(-3)).toEqual([
      "2026-10-25 2026-10-25T14:00:00.000Z",
      "2026-11-01 2026-11-01T15:00:00.000Z",
      "2026-11-08 2026-11-08T15:00:00.000Z",
    ]);
  });

  it("moves 02:30 forward by the gap on Copenhagen's spring-forward day (03:30 local = 01:30Z)", () => {
    expect(lines({ frequency: "daily", localStartTime: "02:30", startsOn: "2026-03-28", count: 3 })).toEqual([
      "2026-03-28 2026-03-28T01:30:00.000Z",
      "2026-03-29 2026-03-29T01:30:00.000Z",
      "2026-03-30 2026-03-30T00:30:00.000Z",
    ]);
  });

  it("moves 02:15 forward by Lord Howe's 30-minute gap (02:45 local, +11:00)", () => {
    expect(lines({ frequency: "daily", localStartTime: "02:15", startsOn: "2026-10-04", count: 1 }, "Australia/Lord_Howe")).toEqual([
      "2026-10-04 2026-10-03T15:45:00.000Z",
    ]);
  });

  it("takes the first 01:30 on New York's fall-back day (05:30Z, not 06:30Z)", () => {
    expect(lines({ frequency: "daily", localStartTime: "01:30", startsOn: "2026-10-31", count: 3 }, "America/New_York")).toEqual([
      "2026-10-31 2026-10-31T05:30:00.000Z",
      "2026-11-01 2026-11-01T05:30:00.000Z",
      "2026-11-02 2026-11-02T06:30:00.000Z",
    ]);
  });

  it("takes the first 02:30 on Copenhagen's fall-back day (00:30Z, not 01:30Z)", () => {
    expect(lines({ frequency: "daily", localStartTime: "02:30", startsOn: "2026-10-24", count: 3 })).toEqual([
      "2026-10-24 2026-10-24T00:30:00.000Z",
      "2026-10-25 2026-10-25T00:30:00.000Z",
      "2026-10-26 2026-10-26T01:30:00.000Z",
    ]);
  });

  it("takes the first 01:45 on Lord Howe's fall-back day (+11:00, 14:45Z)", () => {
    expect(lines({ frequency: "daily", localStartTime: "01:45", startsOn: "2026-04-05", count: 1 }, "Australia/Lord_Howe")).toEqual([
      "2026-04-05 2026-04-04T14:45:00.000Z",
    ]);
  });

  it("measures endsAt in elapsed minutes, also across the fall-back hour", () => {
    const [occurrence] = expand(
      { frequency: "daily", localStartTime: "01:30", startsOn: "2026-11-01", count: 1, durationMinutes: 90 },
      "America/New_York",
    );
    expect(occurrence?.startsAt.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(occurrence?.endsAt.toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });
});

describe("expandSeries rules", () => {
  it("monthly on the 31st skips the months without one", () => {
    expect(lines({ frequency: "monthly", monthDay: 31, localStartTime: "10:00", startsOn: "2026-01-01", count: 7 })).toEqual([
      "2026-01-31 2026-01-31T09:00:00.000Z",
      "2026-03-31 2026-03-31T08:00:00.000Z",
      "2026-05-31 2026-05-31T08:00:00.000Z",
      "2026-07-31 2026-07-31T08:00:00.000Z",
      "2026-08-31 2026-08-31T08:00:00.000Z",
      "2026-10-31 2026-10-31T09:00:00.000Z",
      "2026-12-31 2026-12-31T09:00:00.000Z",
    ]);
  });

  it("monthly defaults to the day of startsOn and honours the interval", () => {
    expect(dates({ frequency: "monthly", interval: 2, localStartTime: "10:00", startsOn: "2026-01-29", count: 4 })).toEqual([
      "2026-01-29",
      "2026-03-29",
      "2026-05-29",
      "2026-07-29",
    ]);
  });

  it("monthly yields nothing when no month in range has the day", () => {
    expect(expand({ frequency: "monthly", monthDay: 30, localStartTime: "10:00", startsOn: "2026-02-01", endsOn: "2026-02-28" })).toEqual([]);
  });

  it("daily with interval 3 stops at count", () => {
    expect(dates({ frequency: "daily", interval: 3, localStartTime: "07:00", startsOn: "2026-01-01", count: 4 })).toEqual([
      "2026-01-01",
      "2026-01-04",
      "2026-01-07",
      "2026-01-10",
    ]);
  });

  it("with endsOn and count, the earlier bound wins (either way)", () => {
    const rule = { frequency: "daily", localStartTime: "07:00", startsOn: "2026-01-01" } as const;
    expect(dates({ ...rule, count: 10, endsOn: "2026-01-05" })).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
    ]);
    expect(dates({ ...rule, count: 3, endsOn: "2026-01-31" })).toEqual(["2026-01-01", "2026-01-02", "2026-01-03"]);
  });

  it("weekly on Mon/Wed/Fri, every week and every other week", () => {
    const rule = { frequency: "weekly", weekdays: [5, 1, 3], localStartTime: "07:00", startsOn: "2026-01-05", count: 6 } as const;
    expect(dates(rule)).toEqual(["2026-01-05", "2026-01-07", "2026-01-09", "2026-01-12", "2026-01-14", "2026-01-16"]);
    expect(dates({ ...rule, interval: 2 })).toEqual([
      "2026-01-05",
      "2026-01-07",
      "2026-01-09",
      "2026-01-19",
      "2026-01-21",
      "2026-01-23",
    ]);
  });

  it("a startsOn that is not a listed weekday is not an occurrence and does not use up count", () => {
    // 2026-01-01 is a Thursday.
    expect(dates({ frequency: "weekly", weekdays: [1], localStartTime: "07:00", startsOn: "2026-01-01", count: 2 })).toEqual([
      "2026-01-05",
      "2026-01-12",
    ]);
  });

  it("endsOn is inclusive", () => {
    expect(dates({ frequency: "weekly", localStartTime: "23:59", startsOn: "2026-01-06", endsOn: "2026-01-20" })).toEqual([
      "2026-01-06",
      "2026-01-13",
      "2026-01-20",
    ]);
  });

  it("endsAt is startsAt plus the duration", () => {
    const [occurrence] = expand({ frequency: "daily", localStartTime: "18:00", startsOn: "2026-06-01", count: 1, durationMinutes: 75 });
    expect(occurrence).toEqual({
      localDate: "2026-06-01",
      startsAt: new Date("2026-06-01T16:00:00.000Z"),
      endsAt: new Date("2026-06-01T17:15:00.000Z"),
    });
  });
});

describe("expandSeries caps", () => {
  const daily = { frequency: "daily", localStartTime: "07:00", startsOn: "2026-01-01" } as const;

  it("rejects count 501", () => {
    const error = thrown(() => expand({ ...daily, count: 501 }));
    expect(error).toBeInstanceOf(RecurrenceLimitError);
    expect(error).toBeInstanceOf(RecurrenceRuleError);
    expect(error).toMatchObject({ reason: "count_exceeds_limit", path: "count" });
  });

  it("accepts exactly 500 by count, also when endsOn would allow more", () => {
    expect(expand({ ...daily, count: 500 })).toHaveLength(500);
    expect(expand({ ...daily, count: 500, endsOn: "2027-12-31" })).toHaveLength(500);
  });

  it("accepts an endsOn-only rule with exactly 500 occurrences and rejects one more", () => {
    const all = expand({ ...daily, endsOn: "2027-05-15" });
    expect(all).toHaveLength(500);
    expect(all.at(-1)?.localDate).toBe("2027-05-15");
    expect(thrown(() => expand({ ...daily, endsOn: "2027-05-16" }))).toMatchObject({
      name: "RecurrenceLimitError",
      reason: "too_many_occurrences",
      path: "endsOn",
    });
  });

  it("rejects a daily rule over two years bounded by endsOn only (> 500 occurrences)", () => {
    expect(thrown(() => expand({ ...daily, endsOn: "2027-12-31" }))).toMatchObject({ reason: "too_many_occurrences" });
  });

  it("accepts endsOn exactly two years after startsOn and rejects a day later", () => {
    const weekly = { frequency: "weekly", localStartTime: "07:00", startsOn: "2026-01-15" } as const;
    expect(expand({ ...weekly, endsOn: "2028-01-15" }).at(-1)?.localDate).toBe("2028-01-13");
    const error = thrown(() => expand({ ...weekly, endsOn: "2028-01-16" }));
    expect(error).toBeInstanceOf(RecurrenceLimitError);
    expect(error).toMatchObject({ reason: "ends_on_too_far", path: "endsOn" });
  });

  it("rejects endsOn past two years even when count would stop earlier", () => {
    expect(thrown(() => expand({ ...daily, count: 5, endsOn: "2028-01-02" }))).toMatchObject({ reason: "ends_on_too_far" });
  });

  it("counts two years from 29 February to 28 February", () => {
    const monthly = { frequency: "monthly", localStartTime: "07:00", startsOn: "2028-02-29" } as const;
    // Feb 2028 … Jan 2030 less February 2029 (no 29th).
    expect(expand({ ...monthly, endsOn: "2030-02-28" })).toHaveLength(23);
    expect(thrown(() => expand({ ...monthly, endsOn: "2030-03-01" }))).toMatchObject({ reason: "ends_on_too_far" });
  });
});

describe("expandSeries rejects malformed rules", () => {
  const base = resolveRule({ frequency: "weekly", localStartTime: "18:00", startsOn: "2026-01-06", count: 3 }, defaults);
  const cases: [string, Partial<typeof base>][] = [
    ["endsOn", { count: null, endsOn: null }],
    ["endsOn", { endsOn: "2026-01-05" }],
    ["endsOn", { endsOn: "2026-02-30" }],
    ["startsOn", { startsOn: "2026-1-6" }],
    ["timezone", { timezone: "Mars/Olympus_Mons" }],
    ["interval", { interval: 0 }],
    ["interval", { interval: 53 }],
    ["interval", { interval: 1.5 }],
    ["weekdays", { weekdays: [] }],
    ["weekdays", { weekdays: [7] }],
    ["monthDay", { frequency: "monthly", monthDay: 32 }],
    ["localStartTime", { localStartTime: "24:00" }],
    ["localStartTime", { localStartTime: "9:00" }],
    ["durationMinutes", { durationMinutes: 0 }],
    ["count", { count: 0 }],
  ];
  it.each(cases)("%s: %j", (path, change) => {
    const error = thrown(() => expandSeries({ ...base, ...change }));
    expect(error).toBeInstanceOf(InvalidRecurrenceRuleError);
    expect((error as InvalidRecurrenceRuleError).detail).toMatchObject({ path });
  });
});

describe("resolveRule", () => {
  it("defaults weekdays to the weekday of startsOn and fills interval, duration and timezone", () => {
    // 2026-01-01 is a Thursday (4).
    expect(resolveRule({ frequency: "weekly", localStartTime: "18:00", startsOn: "2026-01-01", count: 3 }, defaults)).toEqual({
      frequency: "weekly",
      interval: 1,
      weekdays: [4],
      monthDay: null,
      localStartTime: "18:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: "2026-01-01",
      endsOn: null,
      count: 3,
    });
  });

  it("keeps given values, sorts and de-duplicates weekdays", () => {
    const rule = resolveRule(
      {
        frequency: "weekly",
        interval: 2,
        weekdays: [5, 1, 5],
        localStartTime: "06:15",
        durationMinutes: 45,
        timezone: "Asia/Kolkata",
        startsOn: "2026-01-01",
        endsOn: "2026-06-30",
      },
      defaults,
    );
    expect(rule).toMatchObject({ interval: 2, weekdays: [1, 5], durationMinutes: 45, timezone: "Asia/Kolkata", endsOn: "2026-06-30" });
  });

  it("defaults monthDay to the day of startsOn for monthly rules only", () => {
    expect(resolveRule({ frequency: "monthly", localStartTime: "18:00", startsOn: "2026-01-31", count: 3 }, defaults)).toMatchObject({
      monthDay: 31,
      weekdays: [],
    });
    expect(resolveRule({ frequency: "daily", localStartTime: "18:00", startsOn: "2026-01-31", count: 3 }, defaults)).toMatchObject({
      monthDay: null,
      weekdays: [],
    });
  });
});
