import { describe, expect, it } from "vitest";
import { previewRule } from "./rule-preview";
import { ruleValuesFromFormData, seriesEndOf, toRuleInput, toSeriesInput, type RuleFormValues } from "./rule-values";

const base: RuleFormValues = {
  frequency: "weekly",
  interval: "1",
  weekdays: ["2"],
  monthDay: "",
  localStartTime: "18:00",
  durationMinutes: "",
  startsOn: "2026-03-17",
  ends: "both",
  endsOn: "",
  count: "4",
  capacity: "",
};
const defaults = { timezone: "Europe/Copenhagen", durationMinutes: 60 };

describe("series rule preview", () => {
  it("lists the occurrences in UTC across the spring DST change", () => {
    const preview = previewRule(base, defaults);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.total).toBe(4);
    expect(preview.first.map((o) => o.startsAt.toISOString())).toEqual([
      "2026-03-17T17:00:00.000Z",
      "2026-03-24T17:00:00.000Z",
      "2026-03-31T16:00:00.000Z", // 18:00 CEST
      "2026-04-07T16:00:00.000Z",
    ]);
    expect(preview.first[0]!.endsAt.toISOString()).toBe("2026-03-17T18:00:00.000Z"); // the event's 60 minutes
  });

  it("shows at most `limit` occurrences but counts them all", () => {
    const preview = previewRule(
      { ...base, frequency: "daily", weekdays: [], count: "", endsOn: "2026-04-15" },
      defaults,
      10,
    );
    expect(preview).toMatchObject({ ok: true, total: 30 });
    if (preview.ok) expect(preview.first).toHaveLength(10);
  });

  it("reports the schema's field errors", () => {
    expect(previewRule({ ...base, count: "", endsOn: "" }, defaults)).toEqual({
      ok: false,
      errors: [{ path: "endsOn", message: "Either endsOn or count is required", code: "ends_required" }],
    });
    const typo = previewRule({ ...base, interval: "two" }, defaults);
    expect(typo.ok).toBe(false);
    if (!typo.ok) expect(typo.errors.map((e) => e.path)).toEqual(["interval"]);
  });

  it("reports the caps of decisions §4", () => {
    expect(previewRule({ ...base, count: "", endsOn: "2029-01-01" }, defaults)).toEqual({
      ok: false,
      errors: [
        {
          path: "endsOn",
          message: "endsOn must be at most 2 years after startsOn",
          code: "series_too_long",
          params: { years: 2 },
        },
      ],
    });
    expect(
      previewRule({ ...base, frequency: "daily", weekdays: [], count: "", endsOn: "2027-12-31" }, defaults),
    ).toEqual({
      ok: false,
      errors: [
        {
          path: "endsOn",
          message: "At most 500 occurrences per series",
          code: "occurrences_too_many",
          params: { maximum: 500 },
        },
      ],
    });
  });

  it("sends monthDay only for monthly rules and weekdays only for weekly ones", () => {
    expect(toSeriesInput({ ...base, frequency: "monthly", monthDay: "15", capacity: "12" })).toEqual({
      frequency: "monthly",
      interval: 1,
      monthDay: 15,
      localStartTime: "18:00",
      startsOn: "2026-03-17",
      endsOn: null,
      count: 4,
      capacity: 12,
    });
    expect(toSeriesInput(base)).toMatchObject({ weekdays: [2] });
  });
});

describe("the series' end, a choice in the form", () => {
  const typed = { ...base, endsOn: "2026-05-01", count: "4" };

  it("sends the chosen bound and clears the other, as PATCH clears it", () => {
    expect(toRuleInput({ ...typed, ends: "date" })).toMatchObject({ endsOn: "2026-05-01", count: null });
    expect(toRuleInput({ ...typed, ends: "count" })).toMatchObject({ endsOn: null, count: 4 });
    expect(toRuleInput({ ...typed, ends: "both" })).toMatchObject({ endsOn: "2026-05-01", count: 4 });
  });

  it("previews only the chosen bound: after 4 times, not until May", () => {
    expect(previewRule({ ...typed, ends: "count" }, defaults)).toMatchObject({ ok: true, total: 4 });
    expect(previewRule({ ...typed, ends: "date" }, defaults)).toMatchObject({ ok: true, total: 7 });
  });

  it("reads the choice from the submitted form; a form without it sends both bounds", () => {
    const form = (ends?: string) => {
      const data = new FormData();
      data.set("endsOn", "2026-05-01");
      data.set("count", "4");
      if (ends) data.set("ends", ends);
      return ruleValuesFromFormData(data).ends;
    };
    expect([form("date"), form("count"), form("both"), form(), form("never")]).toEqual([
      "date",
      "count",
      "both",
      "both",
      "both",
    ]);
  });

  it("shows a stored rule's end as its date, its count, or both", () => {
    expect(seriesEndOf({ endsOn: new Date("2026-05-01"), count: null })).toBe("date");
    expect(seriesEndOf({ endsOn: null, count: 4 })).toBe("count");
    expect(seriesEndOf({ endsOn: new Date("2026-05-01"), count: 4 })).toBe("both");
  });
});
