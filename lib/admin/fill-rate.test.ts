import { describe, expect, it } from "vitest";
import { fillRate } from "./fill-rate";

describe("fillRate", () => {
  it("is confirmed ÷ capacity, rounded to 4 decimals, 0 without capacity, capped at 1", () => {
    expect(fillRate(4, 15)).toBe(0.2667);
    expect(fillRate(0, 10)).toBe(0);
    expect(fillRate(3, 0)).toBe(0);
    expect(fillRate(12, 10)).toBe(1);
    expect(fillRate(10, 10)).toBe(1);
  });
});
