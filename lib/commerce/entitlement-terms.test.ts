import { describe, expect, it } from "vitest";
import { addBillingPeriod, entitlementTerms } from "./entitlement-terms";

const at = (iso: string) => new Date(iso);
const oneOff = { interval: null, intervalCount: null };

describe("addBillingPeriod", () => {
  it.each([
    ["2026-01-15T10:30:00.000Z", "week", 1, "2026-01-22T10:30:00.000Z"],
    ["2026-01-15T10:30:00.000Z", "week", 2, "2026-01-29T10:30:00.000Z"],
    ["2026-01-15T10:30:00.000Z", "month", 1, "2026-02-15T10:30:00.000Z"],
    ["2026-01-31T08:00:00.000Z", "month", 1, "2026-02-28T08:00:00.000Z"],
    ["2028-01-31T08:00:00.000Z", "month", 1, "2028-02-29T08:00:00.000Z"],
    ["2026-03-31T08:00:00.000Z", "month", 1, "2026-04-30T08:00:00.000Z"],
    ["2026-11-30T00:00:00.000Z", "month", 3, "2027-02-28T00:00:00.000Z"],
    ["2026-12-15T00:00:00.000Z", "month", 1, "2027-01-15T00:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", "year", 1, "2029-02-28T12:00:00.000Z"],
    ["2026-05-01T00:00:00.000Z", "year", 2, "2028-05-01T00:00:00.000Z"],
  ] as const)("%s + %i×%s", (from, interval, count, expected) => {
    expect(addBillingPeriod(at(from), interval, count).toISOString()).toBe(expected);
  });
});

describe("entitlementTerms", () => {
  const from = at("2026-03-01T09:00:00.000Z");

  it("gives a drop-in one class, whatever its allowance", () => {
    expect(entitlementTerms({ type: "drop_in", classAllowance: 5, validityDays: null }, oneOff, from)).toEqual({
      remainingClasses: 1,
      validUntil: null,
    });
  });

  it("gives a class pass its allowance until validityDays later", () => {
    expect(entitlementTerms({ type: "class_pass", classAllowance: 10, validityDays: 90 }, oneOff, from)).toEqual({
      remainingClasses: 10,
      validUntil: at("2026-05-30T09:00:00.000Z"),
    });
  });

  it("gives a subscription unlimited classes for one billing period, ignoring validityDays", () => {
    expect(
      entitlementTerms(
        { type: "subscription", classAllowance: 4, validityDays: 7 },
        { interval: "month", intervalCount: 2 },
        from,
      ),
    ).toEqual({
      remainingClasses: null,
      validUntil: at("2026-05-01T09:00:00.000Z"),
    });
  });

  it("gives workshops, trainings and custom products their allowance when set, else unlimited", () => {
    expect(entitlementTerms({ type: "workshop", classAllowance: null, validityDays: null }, oneOff, from)).toEqual({
      remainingClasses: null,
      validUntil: null,
    });
    expect(entitlementTerms({ type: "teacher_training", classAllowance: 20, validityDays: 365 }, oneOff, from)).toEqual(
      {
        remainingClasses: 20,
        validUntil: at("2027-03-01T09:00:00.000Z"),
      },
    );
  });
});
