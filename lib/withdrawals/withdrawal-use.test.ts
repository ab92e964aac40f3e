import { describe, expect, it } from "vitest";
import { basisOf, daysUsed, usedAmountOf } from "./withdrawal-use";

const CPH = "Europe/Copenhagen";
const plain = (text: string) => text.replaceAll("\u00a0", " ");

describe("usedAmountOf (FAL §22)", () => {
  it("is the share used, rounded down to whole øre in the buyer's favour", () => {
    expect(usedAmountOf(120000, { kind: "classes", used: 2, classes: 10 })).toBe(24000);
    expect(usedAmountOf(99999, { kind: "classes", used: 2, classes: 7 })).toBe(28571); // 28571.14…
    expect(usedAmountOf(49900, { kind: "days", used: 4, days: 30 })).toBe(6653); // 6653.33…
    expect(usedAmountOf(100, { kind: "days", used: 2, days: 3 })).toBe(66); // 66.67: down, not to the nearest
  });

  it("is nothing without a request to start at once, for an unlimited pass without an end, or nothing used", () => {
    expect(usedAmountOf(120000, { kind: "notStartedNow" })).toBe(0);
    expect(usedAmountOf(120000, { kind: "noPeriod" })).toBe(0);
    expect(usedAmountOf(120000, { kind: "classes", used: 0, classes: 10 })).toBe(0);
  });

  it("is never more than was paid", () => {
    expect(usedAmountOf(120000, { kind: "classes", used: 12, classes: 10 })).toBe(120000);
  });
});

describe("daysUsed", () => {
  const from = new Date("2026-11-30T09:00:00Z");
  const until = new Date("2026-12-30T09:00:00Z");

  it("counts the studio days begun, the first and the withdrawal's own included", () => {
    expect(daysUsed({ from, until, now: new Date("2026-11-30T22:00:00Z"), timezone: CPH })).toEqual({
      used: 1,
      days: 30,
    });
    // 23:30 UTC is already 1 December in Copenhagen: a second day begun
    expect(daysUsed({ from, until, now: new Date("2026-11-30T23:30:00Z"), timezone: CPH })).toEqual({
      used: 2,
      days: 30,
    });
    expect(daysUsed({ from, until, now: new Date("2026-12-03T09:00:00Z"), timezone: CPH })).toEqual({
      used: 4,
      days: 30,
    });
  });

  it("keeps to the period's days, and counts none before the start", () => {
    expect(daysUsed({ from, until, now: new Date("2027-02-01T09:00:00Z"), timezone: CPH }).used).toBe(30);
    expect(daysUsed({ from, until, now: new Date("2026-11-29T09:00:00Z"), timezone: CPH }).used).toBe(0);
  });
});

describe("basisOf", () => {
  const studio = { studioLocaleTag: "da-DK" };

  it("says the share in the buyer's language, money as the studio writes it", () => {
    const facts = {
      use: { kind: "classes", used: 2, classes: 10 } as const,
      paid: 120000,
      usedAmount: 24000,
      currency: "DKK",
    };
    expect(plain(basisOf(facts, { ...studio, locale: "da" }))).toBe("2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.");
    expect(plain(basisOf(facts, { ...studio, locale: "en" }))).toBe("2 of 10 classes used: 240,00 kr. of 1.200,00 kr.");
  });

  it("says why the whole price comes back", () => {
    const whole = { paid: 120000, usedAmount: 0, currency: "DKK" };
    expect(plain(basisOf({ ...whole, use: { kind: "notStartedNow" } }, { ...studio, locale: "en" }))).toBe(
      "You did not ask to start at once, so the whole 1.200,00 kr. is refunded, whatever was used.",
    );
    expect(
      plain(basisOf({ ...whole, use: { kind: "classes", used: 0, classes: 10 } }, { ...studio, locale: "da" })),
    ).toBe("Intet brugt: hele beløbet på 1.200,00 kr. refunderes.");
  });
});
