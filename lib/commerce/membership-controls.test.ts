import { describe, expect, it } from "vitest";
import { membershipControls } from "./membership-controls";

// The one rule of what a membership allows (issue 44 §4): cancel while it would still renew, pause and
// resume while it runs, one pause at a time. Tuesday 12 March 2030, 12:00 UTC.

const NOW = new Date("2030-03-12T12:00:00.000Z");
const TODAY = "2030-03-12";
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

const running = {
  status: "active",
  remainingClasses: null,
  validUntil: new Date("2030-04-12T12:00:00.000Z"),
  cancelAt: null,
  pausedFrom: null,
  pausedUntil: null,
};
const controls = (changes: Partial<typeof running> | Record<string, unknown> = {}, subscription = true) =>
  membershipControls({ ...running, ...changes } as typeof running, { subscription, now: NOW, today: TODAY });

describe("membershipControls", () => {
  it("lets a running membership be cancelled and paused, not resumed", () => {
    expect(controls()).toEqual({ cancellable: true, pausable: true, resumable: false });
    expect(controls({ validUntil: null })).toEqual({ cancellable: true, pausable: true, resumable: false });
  });

  it("allows nothing for what is no membership, nor for a refunded, revoked or ended one", () => {
    const none = { cancellable: false, pausable: false, resumable: false };
    expect(controls({}, false)).toEqual(none);
    for (const status of ["revoked", "expired", "exhausted"]) expect(controls({ status })).toEqual(none);
    expect(controls({ status: "revoked", pausedFrom: day("2030-03-10"), pausedUntil: day("2030-03-20") })).toEqual(
      none,
    );
  });

  it("does not cancel twice; a cancelled membership still pauses and resumes until it ends", () => {
    const cancelAt = running.validUntil;
    expect(controls({ cancelAt })).toEqual({ cancellable: false, pausable: true, resumable: false });
    expect(controls({ cancelAt, pausedFrom: day("2030-03-20"), pausedUntil: day("2030-03-27") })).toEqual({
      cancellable: false,
      pausable: false,
      resumable: true,
    });
  });

  it("resumes a pause that runs today or is to come, and pauses again once it has ended", () => {
    const paused = (from: string, until: string) => controls({ pausedFrom: day(from), pausedUntil: day(until) });
    const resumable = { cancellable: true, pausable: false, resumable: true };
    expect(paused("2030-03-20", "2030-03-27")).toEqual(resumable); // to come
    expect(paused("2030-03-01", "2030-03-13")).toEqual(resumable); // runs today, back tomorrow
    expect(paused("2030-03-01", "2030-03-12")).toEqual({ cancellable: true, pausable: true, resumable: false }); // back today
  });

  it("cancels a membership whose paid period has passed and whose renewal is still to come, but pauses it no more", () => {
    expect(controls({ validUntil: NOW })).toEqual({ cancellable: true, pausable: false, resumable: false });
    expect(controls({ validUntil: NOW, cancelAt: NOW })).toEqual({
      cancellable: false,
      pausable: false,
      resumable: false,
    });
  });
});
