import { describe, expect, it } from "vitest";
import { currencyDigits, toMajorText, toMinorUnits } from "./money";

describe("money", () => {
  it("knows each currency's minor digits", () => {
    expect(currencyDigits("DKK")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("converts typed major units to minor units without float rounding", () => {
    expect(toMinorUnits("120", "DKK")).toEqual({ ok: true, minor: 12000 });
    expect(toMinorUnits("120.5", "DKK")).toEqual({ ok: true, minor: 12050 });
    expect(toMinorUnits("120,50", "DKK")).toEqual({ ok: true, minor: 12050 });
    expect(toMinorUnits("0.29", "EUR")).toEqual({ ok: true, minor: 29 }); // 0.29 * 100 = 28.999… in floats
    expect(toMinorUnits(" 1 000 ", "DKK")).toEqual({ ok: true, minor: 100000 });
    expect(toMinorUnits("500", "JPY")).toEqual({ ok: true, minor: 500 });
    expect(toMinorUnits("1.234", "KWD")).toEqual({ ok: true, minor: 1234 });
    expect(toMinorUnits("0", "DKK")).toEqual({ ok: true, minor: 0 });
  });

  it("rejects what is not an amount, too many decimals and negative amounts", () => {
    expect(toMinorUnits("", "DKK").ok).toBe(false);
    expect(toMinorUnits("abc", "DKK").ok).toBe(false);
    expect(toMinorUnits("-5", "DKK").ok).toBe(false);
    expect(toMinorUnits("1.005", "DKK")).toEqual({ ok: false, message: "At most 2 decimals for DKK" });
    expect(toMinorUnits("5.5", "JPY")).toEqual({ ok: false, message: "JPY has no minor unit: enter a whole amount" });
    expect(toMinorUnits("1.000.00", "DKK").ok).toBe(false);
    expect(toMinorUnits("99999999999999999999", "DKK")).toEqual({ ok: false, message: "Amount is too large" });
  });

  it("shows minor units back as typed text, round-tripping", () => {
    expect(toMajorText(12000, "DKK")).toBe("120");
    expect(toMajorText(12050, "DKK")).toBe("120.50");
    expect(toMajorText(5, "DKK")).toBe("0.05");
    expect(toMajorText(500, "JPY")).toBe("500");
    for (const minor of [0, 1, 99, 12345, 100000]) {
      expect(toMinorUnits(toMajorText(minor, "EUR"), "EUR")).toEqual({ ok: true, minor });
    }
  });
});
