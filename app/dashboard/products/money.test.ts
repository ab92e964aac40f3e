import { describe, expect, it } from "vitest";
import { amountWords } from "./amount-words";
import { currencyDigits, toMajorText, toMinorUnits } from "./money";

const english = amountWords("en");

describe("money", () => {
  it("knows each currency's minor digits", () => {
    expect(currencyDigits("DKK")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("converts typed major units to minor units without float rounding", () => {
    expect(toMinorUnits("120", "DKK", english)).toEqual({ ok: true, minor: 12000 });
    expect(toMinorUnits("120.5", "DKK", english)).toEqual({ ok: true, minor: 12050 });
    expect(toMinorUnits("120,50", "DKK", english)).toEqual({ ok: true, minor: 12050 });
    expect(toMinorUnits("0.29", "EUR", english)).toEqual({ ok: true, minor: 29 }); // 0.29 * 100 = 28.999… in floats
    expect(toMinorUnits(" 1 000 ", "DKK", english)).toEqual({ ok: true, minor: 100000 });
    expect(toMinorUnits("500", "JPY", english)).toEqual({ ok: true, minor: 500 });
    expect(toMinorUnits("1.234", "KWD", english)).toEqual({ ok: true, minor: 1234 });
    expect(toMinorUnits("0", "DKK", english)).toEqual({ ok: true, minor: 0 });
  });

  it("rejects what is not an amount, too many decimals and negative amounts", () => {
    expect(toMinorUnits("", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("abc", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("-5", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("1.005", "DKK", english)).toEqual({ ok: false, message: "At most 2 decimals for DKK" });
    expect(toMinorUnits("5.5", "JPY", english)).toEqual({
      ok: false,
      message: "JPY has no minor unit: enter a whole amount",
    });
    expect(toMinorUnits("1.000.00", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("99999999999999999999", "DKK", english)).toEqual({ ok: false, message: "Amount is too large" });
    expect(toMinorUnits("1.005", "DKK", amountWords("da"))).toEqual({
      ok: false,
      message: "Højst 2 decimaler for DKK",
    });
  });

  it("shows minor units back as typed text, round-tripping", () => {
    expect(toMajorText(12000, "DKK")).toBe("120");
    expect(toMajorText(12050, "DKK")).toBe("120.50");
    expect(toMajorText(5, "DKK")).toBe("0.05");
    expect(toMajorText(500, "JPY")).toBe("500");
    for (const minor of [0, 1, 99, 12345, 100000]) {
      expect(toMinorUnits(toMajorText(minor, "EUR"), "EUR", english)).toEqual({ ok: true, minor });
    }
  });
});
