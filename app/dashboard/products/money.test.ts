import { describe, expect, it } from "vitest";
import { fieldErrorMessage } from "@/lib/web/field-error-message";
import { currencyDigits, toMajorText, toMinorUnits } from "./money";

const english = "en";
const danish = "da";

/** What the page shows for a refused amount, in `language`. */
function refusal(result: ReturnType<typeof toMinorUnits>, language: "da" | "en") {
  return result.ok ? undefined : fieldErrorMessage(result.refusal, language);
}

describe("money", () => {
  it("knows each currency's minor digits", () => {
    expect(currencyDigits("DKK")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("reads an amount as a Dane writes it on a Danish page: thousands with a dot, decimals with a comma", () => {
    expect(toMinorUnits("1.100", "DKK", danish)).toEqual({ ok: true, minor: 110_000 });
    expect(toMinorUnits("1.100,50", "DKK", danish)).toEqual({ ok: true, minor: 110_050 });
    expect(toMinorUnits("120,50", "DKK", danish)).toEqual({ ok: true, minor: 12_050 });
    expect(toMinorUnits("120,5", "DKK", danish)).toEqual({ ok: true, minor: 12_050 });
    expect(toMinorUnits("1100", "DKK", danish)).toEqual({ ok: true, minor: 110_000 });
    expect(toMinorUnits("12.500.000", "DKK", danish)).toEqual({ ok: true, minor: 1_250_000_000 });
    expect(toMinorUnits(" 99 ", "DKK", danish)).toEqual({ ok: true, minor: 9_900 });
  });

  it("reads an amount as English writes it on an English page", () => {
    expect(toMinorUnits("1,100.50", "DKK", english)).toEqual({ ok: true, minor: 110_050 });
    expect(toMinorUnits("1,100", "DKK", english)).toEqual({ ok: true, minor: 110_000 });
    expect(toMinorUnits("120.5", "DKK", english)).toEqual({ ok: true, minor: 12_050 });
    expect(toMinorUnits(" 1 000 ", "DKK", english)).toEqual({ ok: true, minor: 100_000 });
  });

  it("counts minor units on the digits, not by float multiplication", () => {
    expect(toMinorUnits("0.29", "EUR", english)).toEqual({ ok: true, minor: 29 }); // 0.29 * 100 = 28.999… in floats
    expect(toMinorUnits("0,29", "EUR", danish)).toEqual({ ok: true, minor: 29 });
    expect(toMinorUnits("500", "JPY", english)).toEqual({ ok: true, minor: 500 });
    expect(toMinorUnits("1.234", "KWD", english)).toEqual({ ok: true, minor: 1234 });
    expect(toMinorUnits("0", "DKK", english)).toEqual({ ok: true, minor: 0 });
  });

  it("refuses what the page's language would not write, rather than guessing", () => {
    // A dot before two digits is no Danish thousands separator: not 12.050 kr.
    expect(toMinorUnits("120.50", "DKK", danish)).toEqual({
      ok: false,
      refusal: { path: "amount", code: "amount_invalid", message: "Enter an amount such as 120, 120.50 or 1,250" },
    });
    expect(refusal(toMinorUnits("120.50", "DKK", danish), danish)).toBe("Skriv et beløb som 120, 120,50 eller 1.250");
    expect(refusal(toMinorUnits("120,50", "DKK", english), english)).toBe(
      "Enter an amount such as 120, 120.50 or 1,250",
    );
    expect(toMinorUnits("1.000.00", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("1e3", "DKK", english).ok).toBe(false);
  });

  it("rejects what is not an amount, too many decimals and negative amounts, in the page's language", () => {
    expect(toMinorUnits("", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("abc", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("-5", "DKK", english).ok).toBe(false);
    expect(toMinorUnits("1.005", "DKK", english, "prices.0.amount")).toEqual({
      ok: false,
      refusal: {
        path: "prices.0.amount",
        code: "amount_decimals",
        params: { digits: 2, currency: "DKK" },
        message: "At most 2 decimals for DKK",
      },
    });
    expect(refusal(toMinorUnits("1.005", "DKK", english), english)).toBe("At most 2 decimals for DKK");
    expect(refusal(toMinorUnits("5.5", "JPY", english), english)).toBe("JPY has no minor unit: enter a whole amount");
    expect(refusal(toMinorUnits("99999999999999999999", "DKK", english), english)).toBe("Amount is too large");
    expect(refusal(toMinorUnits("1,005", "DKK", danish), danish)).toBe("Højst 2 decimaler for DKK");
  });

  it("shows minor units back as the page's language writes them, round-tripping", () => {
    expect(toMajorText(12000, "DKK", "da")).toBe("120");
    expect(toMajorText(12050, "DKK", "da")).toBe("120,50");
    expect(toMajorText(110050, "DKK", "da")).toBe("1.100,50");
    expect(toMajorText(110050, "DKK", "en")).toBe("1,100.50");
    expect(toMajorText(5, "DKK", "en")).toBe("0.05");
    expect(toMajorText(500, "JPY", "en")).toBe("500");
    for (const language of [english, danish]) {
      for (const minor of [0, 1, 99, 12345, 100000, 123456789]) {
        expect(toMinorUnits(toMajorText(minor, "EUR", language), "EUR", language)).toEqual({ ok: true, minor });
      }
    }
  });
});
