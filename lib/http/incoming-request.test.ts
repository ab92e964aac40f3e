import { describe, expect, it } from "vitest";
import { repairPercentEncoding } from "./incoming-request";

describe("repairPercentEncoding", () => {
  it.each([
    ["/%ff", "/%25ff"],
    ["/api/public/accounts/%ff", "/api/public/accounts/%25ff"],
    ["/%e0%a4", "/%25e0%25a4"],
    ["/%zz/%", "/%25zz/%25"],
    ["/%ed%a0%80", "/%25ed%25a0%2580"], // an encoded surrogate is no UTF-8
    ["/caf%c3%a9/%ff?q=%ff", "/caf%c3%a9/%25ff?q=%25ff"], // valid escapes stay as they are
  ])("escapes the stray %% of %s", (target, repaired) => {
    expect(repairPercentEncoding(target)).toBe(repaired);
    expect(() => decodeURIComponent(repairPercentEncoding(target))).not.toThrow();
  });

  it.each(["/demo", "/n%c3%b8rrebro", "/%00", "/api/instances?from=2026-11-24T00%3A00%3A00Z"])(
    "leaves %s alone",
    (target) => expect(repairPercentEncoding(target)).toBe(target),
  );
});
