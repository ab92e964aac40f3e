import { describe, expect, it } from "vitest";
import { planOffer, type OfferPolicy } from "./offer-plan";

// 15 January 2026: Copenhagen is UTC+1, so 21:30 local is 20:30Z.
const POLICY: OfferPolicy = {
  waitlistMode: "offer",
  waitlistOfferMinutes: 60,
  waitlistAutoWithinMinutes: 120,
  quietHours: { from: "22:00", to: "08:00" },
  timezone: "Europe/Copenhagen",
};
const plan = (now: string, startsAt: string, policy: Partial<OfferPolicy> = {}) => {
  const planned = planOffer({ now: new Date(now), startsAt: new Date(startsAt), policy: { ...POLICY, ...policy } });
  return planned && { emailAt: planned.emailAt.toISOString(), expiresAt: planned.expiresAt.toISOString() };
};

describe("planOffer", () => {
  it("holds an offer made in the day for its minutes, emailed at once", () => {
    expect(plan("2026-01-15T13:00:00Z", "2026-01-17T17:00:00Z")).toEqual({
      emailAt: "2026-01-15T13:00:00.000Z",
      expiresAt: "2026-01-15T14:00:00.000Z",
    });
  });

  it("moves an expiry inside quiet hours to their end, the email going out at once before them", () => {
    expect(plan("2026-01-15T20:30:00Z", "2026-01-17T17:00:00Z")).toEqual({
      emailAt: "2026-01-15T20:30:00.000Z",
      expiresAt: "2026-01-16T07:00:00.000Z",
    });
  });

  it("emails an offer made inside quiet hours at their end and holds it from then", () => {
    expect(plan("2026-01-15T22:00:00Z", "2026-01-17T17:00:00Z")).toEqual({
      emailAt: "2026-01-16T07:00:00.000Z",
      expiresAt: "2026-01-16T08:00:00.000Z",
    });
  });

  it("promotes automatically when the class starts before the quiet hours end", () => {
    expect(plan("2026-01-15T20:30:00Z", "2026-01-16T06:00:00Z", { waitlistAutoWithinMinutes: 0 })).toBeNull();
  });

  it("promotes automatically when the night's email would come inside the auto window", () => {
    // emailed 08:00, class at 09:30: inside the 120 minutes
    expect(plan("2026-01-15T22:00:00Z", "2026-01-16T08:30:00Z")).toBeNull();
  });

  it("caps the hold at the start, as before, when the start is outside quiet hours", () => {
    expect(plan("2026-01-15T12:00:00Z", "2026-01-15T14:30:00Z", { waitlistOfferMinutes: 240 })).toEqual({
      emailAt: "2026-01-15T12:00:00.000Z",
      expiresAt: "2026-01-15T14:30:00.000Z",
    });
  });

  it("changes nothing without quiet hours, and offers nothing in auto mode", () => {
    expect(plan("2026-01-15T20:30:00Z", "2026-01-17T17:00:00Z", { quietHours: null })).toEqual({
      emailAt: "2026-01-15T20:30:00.000Z",
      expiresAt: "2026-01-15T21:30:00.000Z",
    });
    expect(plan("2026-01-15T13:00:00Z", "2026-01-17T17:00:00Z", { waitlistMode: "auto" })).toBeNull();
  });
});
