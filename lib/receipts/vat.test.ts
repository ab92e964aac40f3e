import { describe, expect, it } from "vitest";
import { basisPointsToPercent, percentToBasisPoints, vatIncluded } from "./vat";

describe("vatIncluded", () => {
  it("takes the VAT out of a VAT-inclusive amount", () => {
    expect(vatIncluded(12_500, 2500)).toBe(2_500); // Danish moms: 25 % of 10,000 net
    expect(vatIncluded(10_000, 2500)).toBe(2_000);
  });

  it("is 0 for a free order and at a 0 % rate", () => {
    expect(vatIncluded(0, 2500)).toBe(0);
    expect(vatIncluded(12_500, 0)).toBe(0);
  });

  it("rounds to the minor unit, half up", () => {
    expect(vatIncluded(12_500, 1250)).toBe(1_389); // 12,500 × 12.5 / 112.5 = 1,388.89
    expect(vatIncluded(1, 2500)).toBe(0); // 0.2
    expect(vatIncluded(3, 2500)).toBe(1); // 0.6
    expect(vatIncluded(45, 1250)).toBe(5); // exactly 5
    expect(vatIncluded(81, 2500)).toBe(16); // 16.2
    expect(vatIncluded(2_025, 1250)).toBe(225); // exactly 225
    expect(vatIncluded(10, 2500)).toBe(2);
    expect(vatIncluded(5, 2500)).toBe(1); // exactly 1
    expect(vatIncluded(75, 2500)).toBe(15);
    expect(vatIncluded(13, 2500)).toBe(3); // 2.6
  });

  it("stays exact for large amounts", () => {
    expect(vatIncluded(1_000_000_000, 2500)).toBe(200_000_000);
  });
});

describe("percent and basis points", () => {
  it("convert both ways with two decimals", () => {
    expect(percentToBasisPoints(25)).toBe(2500);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(basisPointsToPercent(1250)).toBe(12.5);
  });
});
