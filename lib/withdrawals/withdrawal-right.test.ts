import { describe, expect, it } from "vitest";
import { orderWithdrawal, productWithdrawal, withdrawalExemption, withdrawalUntil } from "./withdrawal-right";

const ZONE = "Europe/Copenhagen";
const order = (paidAt: string, withdrawalDays: number | null = 14) => ({
  status: "paid",
  createdAt: new Date(paidAt),
  paidAt: new Date(paidAt),
  withdrawalDays,
});

describe("the right of withdrawal", () => {
  it("is 14 days for an undated pass or a membership, none for a drop-in or anything dated", () => {
    expect(productWithdrawal({ type: "class_pass", courseEventId: null })).toEqual({ days: 14 });
    expect(productWithdrawal({ type: "subscription", courseEventId: null })).toEqual({ days: 14 });
    expect(productWithdrawal({ type: "custom", courseEventId: null })).toEqual({ days: 14 });
    expect(productWithdrawal({ type: "drop_in", courseEventId: null })).toBeNull();
    expect(productWithdrawal({ type: "workshop", courseEventId: null })).toBeNull();
    expect(productWithdrawal({ type: "teacher_training", courseEventId: null })).toBeNull();
    expect(withdrawalExemption({ type: "custom", courseEventId: "e1" })).toBe("dated_course");
    expect(withdrawalExemption({ type: "drop_in", courseEventId: null })).toBe("drop_in");
  });

  it("ends at the end of the studio's 14th day after the purchase", () => {
    // Bought Tuesday 3 November 2026 at 23:30 Copenhagen (22:30 UTC): the 14th day is Tuesday 17 November.
    expect(withdrawalUntil(order("2026-11-03T22:30:00Z"), ZONE)).toEqual(new Date("2026-11-17T23:00:00Z"));
  });

  it("runs on to the next working day past a weekend, Christmas and New Year", () => {
    // Saturday 7 November + 14 = Saturday 21 November → Monday 23 November.
    expect(withdrawalUntil(order("2026-11-07T10:00:00Z"), ZONE)).toEqual(new Date("2026-11-23T23:00:00Z"));
    // Thursday 10 December + 14 = Thursday 24 December (Juleaftensdag), 25, 26, 27 → Monday 28 December.
    expect(withdrawalUntil(order("2026-12-10T10:00:00Z"), ZONE)).toEqual(new Date("2026-12-28T23:00:00Z"));
    // Thursday 17 December + 14 = Thursday 31 December, 1 January public → Monday 4 January 2027.
    expect(withdrawalUntil(order("2026-12-17T10:00:00Z"), ZONE)).toEqual(new Date("2027-01-04T23:00:00Z"));
  });

  it("is open while the period runs, ended after it or once refunded, withdrawn once received", () => {
    const paid = order("2026-11-03T10:00:00Z");
    const until = new Date("2026-11-17T23:00:00Z");
    const at = (now: string, withdrawn = false) => orderWithdrawal(paid, { timezone: ZONE, withdrawn, now: new Date(now) });
    expect(at("2026-11-17T22:59:59Z")).toEqual({ until, status: "open" });
    expect(at("2026-11-17T23:00:00Z")).toEqual({ until, status: "ended" });
    expect(at("2026-11-05T10:00:00Z", true)).toEqual({ until, status: "withdrawn" });
    const refunded = { ...paid, status: "refunded" };
    expect(orderWithdrawal(refunded, { timezone: ZONE, withdrawn: false, now: new Date("2026-11-05T10:00:00Z") })?.status).toBe("ended");
    expect(orderWithdrawal(order("2026-11-03T10:00:00Z", null), { timezone: ZONE, withdrawn: false, now: new Date() })).toBeNull();
  });
});
