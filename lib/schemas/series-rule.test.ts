import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { describe, expect, it } from "vitest";
import { expandSeries, resolveRule } from "@/lib/recurrence";
import { SeriesRuleFields, SeriesRuleInput, checkSeriesRule, validateSeriesRule } from "./series-rule";

const valid = {
  frequency: "weekly",
  interval: 2,
  weekdays: [1, 3],
  localStartTime: "18:00",
  durationMinutes: 75,
  timezone: "Europe/Copenhagen",
  startsOn: "2026-09-01",
  endsOn: "2026-12-15",
  count: 10,
};

const paths = (input: unknown) => {
  const result = validateSeriesRule(input);
  return result.success ? [] : result.details.map((detail) => detail.path);
};

describe("SeriesRuleInput", () => {
  it("accepts a full weekly rule and the minimal one", () => {
    expect(SeriesRuleInput.parse(valid)).toEqual(valid);
    const minimal = { frequency: "daily", localStartTime: "07:00", startsOn: "2026-09-01", count: 5 };
    expect(validateSeriesRule(minimal)).toEqual({ success: true, data: minimal });
  });

  it("accepts a null bound beside the other one (PATCH clears endsOn or count)", () => {
    expect(paths({ ...valid, endsOn: null })).toEqual([]);
    expect(paths({ ...valid, count: null })).toEqual([]);
  });

  it("canonicalizes the timezone's spelling", () => {
    expect(SeriesRuleInput.parse({ ...valid, timezone: "europe/copenhagen" }).timezone).toBe("Europe/Copenhagen");
  });

  it("rejects unknown fields", () => {
    expect(paths({ ...valid, accountId: "x" })).toEqual([""]);
    expect(paths({ ...valid, weekday: 2 })).toEqual([""]);
  });

  it.each(["frequency", "localStartTime", "startsOn"])("requires %s", (field) => {
    expect(paths({ ...valid, [field]: undefined })).toContain(field);
  });

  it.each([
    ["frequency", "yearly"],
    ["interval", 0],
    ["interval", 53],
    ["interval", 1.5],
    ["interval", "2"],
    ["weekdays", []],
    ["weekdays", [7]],
    ["weekdays", [-1]],
    ["weekdays", [1, 1]],
    ["localStartTime", "24:00"],
    ["localStartTime", "9:00"],
    ["localStartTime", "18:00:00"],
    ["durationMinutes", 0],
    ["durationMinutes", 30.5],
    ["timezone", "Mars/Olympus_Mons"],
    ["startsOn", "2026-02-30"],
    ["startsOn", "01/09/2026"],
    ["endsOn", "2026-13-01"],
    ["endsOn", "2026-08-31"], // before startsOn
    ["count", 0],
    ["count", 501],
    ["count", 2.5],
  ])("rejects %s = %j", (field, value) => {
    expect(paths({ ...valid, [field]: value }).map((path) => path.split(".")[0])).toEqual([field]);
  });

  it("needs endsOn or count", () => {
    expect(paths({ ...valid, endsOn: undefined, count: undefined })).toEqual(["endsOn"]);
    expect(paths({ ...valid, endsOn: null, count: null })).toEqual(["endsOn"]);
  });

  it("takes weekdays for weekly rules only and monthDay for monthly ones only", () => {
    expect(paths({ ...valid, frequency: "daily" })).toEqual(["weekdays"]);
    expect(paths({ ...valid, monthDay: 15 })).toEqual(["monthDay"]);
    const monthly = { ...valid, weekdays: undefined };
    expect(paths({ ...monthly, frequency: "monthly", monthDay: 31 })).toEqual([]);
    expect(paths({ ...monthly, frequency: "monthly", monthDay: 32 })).toEqual(["monthDay"]);
  });

  it("can be extended and refined again (the series write body adds capacity)", () => {
    const body = SeriesRuleFields.extend({ capacity: SeriesRuleFields.shape.interval }).superRefine(checkSeriesRule);
    expect(body.safeParse({ ...valid, capacity: 12 }).success).toBe(true);
    expect(body.safeParse({ ...valid, capacity: 12, count: undefined, endsOn: undefined }).success).toBe(false);
    expect(body.safeParse({ ...valid, capacity: 12, status: "active" }).success).toBe(false);
  });

  it("feeds the recurrence engine", () => {
    const rule = resolveRule(SeriesRuleInput.parse(valid), { timezone: "UTC", durationMinutes: 60 });
    expect(expandSeries(rule).map((o) => o.startsAt.toISOString())).toEqual([
      "2026-09-02T16:00:00.000Z", // Wed (startsOn Tue 1 Sep; its week holds Mon and Wed)
      "2026-09-14T16:00:00.000Z",
      "2026-09-16T16:00:00.000Z",
      "2026-09-28T16:00:00.000Z",
      "2026-09-30T16:00:00.000Z",
      "2026-10-12T16:00:00.000Z",
      "2026-10-14T16:00:00.000Z",
      "2026-10-26T17:00:00.000Z",
      "2026-10-28T17:00:00.000Z",
      "2026-11-09T17:00:00.000Z",
    ]);
  });

  it("renders in OpenAPI with limits and examples", () => {
    const registry = new OpenAPIRegistry();
    registry.register("SeriesRuleInput", SeriesRuleInput);
    const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: { title: "t", version: "0" },
    });
    const schema = document.components?.schemas?.SeriesRuleInput as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.required.sort()).toEqual(["frequency", "localStartTime", "startsOn"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.count).toMatchObject({ maximum: 500, example: 12 });
    expect(schema.properties.interval).toMatchObject({ minimum: 1, maximum: 52, default: 1 });
    expect(schema.properties.localStartTime).toMatchObject({ example: "18:00" });
  });
});
