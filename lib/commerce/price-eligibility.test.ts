import { describe, expect, it } from "vitest";
import { ageOn, isEligibleForPrice } from "./price-eligibility";

const dob = (iso: string) => ({ dateOfBirth: new Date(`${iso}T00:00:00.000Z`) });

describe("ageOn", () => {
  it.each([
    ["2000-06-15", "2026-06-14", 25],
    ["2000-06-15", "2026-06-15", 26],
    ["2000-06-15", "2026-12-31", 26],
    ["2008-02-29", "2026-02-28", 17],
    ["2008-02-29", "2026-03-01", 18],
    ["2008-02-29", "2028-02-29", 20],
  ])("born %s, on %s: %i", (born, day, age) => {
    expect(ageOn(born, day)).toBe(age);
  });
});

describe("isEligibleForPrice", () => {
  const copenhagen = { timezone: "Europe/Copenhagen" };

  it("lets anyone buy a price without age bounds, also without a date of birth", () => {
    expect(isEligibleForPrice({ minAge: null, maxAge: null }, { dateOfBirth: null }, copenhagen)).toBe(true);
  });

  it("refuses a bounded price to a buyer without a date of birth", () => {
    expect(isEligibleForPrice({ minAge: 0, maxAge: null }, { dateOfBirth: null }, copenhagen)).toBe(false);
  });

  it("uses the purchase day in the studio's timezone", () => {
    // 23:30 UTC on 14 June is already 15 June in Copenhagen, still 14 June in New York.
    const now = new Date("2026-06-14T23:30:00.000Z");
    const buyer = dob("2008-06-15");
    expect(isEligibleForPrice({ minAge: 18, maxAge: null }, buyer, { timezone: "Europe/Copenhagen", now })).toBe(true);
    expect(isEligibleForPrice({ minAge: 18, maxAge: null }, buyer, { timezone: "America/New_York", now })).toBe(false);
  });

  it("treats both bounds as inclusive", () => {
    const now = new Date("2026-06-15T12:00:00.000Z");
    const price = { minAge: 18, maxAge: 25 };
    expect(isEligibleForPrice(price, dob("2008-06-15"), { ...copenhagen, now })).toBe(true); // 18 today
    expect(isEligibleForPrice(price, dob("2008-06-16"), { ...copenhagen, now })).toBe(false); // 17
    expect(isEligibleForPrice(price, dob("2000-06-16"), { ...copenhagen, now })).toBe(true); // 25
    expect(isEligibleForPrice(price, dob("2000-06-15"), { ...copenhagen, now })).toBe(false); // 26 today
  });
});
