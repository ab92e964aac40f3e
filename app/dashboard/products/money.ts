import { NumberFormatter, NumberParser } from "@internationalized/number";
import { minorUnitDigits } from "@/lib/format/money";
import { ruleDetail, type ErrorDetail } from "@/lib/error-details";

/**
 * Prices are stored in minor units (øre, cents); people type them in major units. The number of
 * minor digits comes from Intl (DKK 2, JPY 0, KWD 3), and conversion is done on the digits as text,
 * so no binary floating point rounding is involved. Display formatting is lib/format/money.
 */

/** The minor digits of a currency; 2 for a code Intl does not accept (the schema rejects it anyway). */
export function currencyDigits(currency: string): number {
  try {
    return minorUnitDigits(currency);
  } catch {
    return 2;
  }
}

/** The amount, or the 400 detail (at `path`) that says why the text is none. */
export type MinorUnits = { ok: true; minor: number } | { ok: false; refusal: ErrorDetail };

/**
 * An amount typed in major units in the page's language → minor units: "1.100", "1.100,50" and
 * "120,50" on a Danish page, "1,100.50" on an English one (NumberParser). What the language would not
 * write that way is refused rather than guessed ("120.50" on a Danish page is no amount, not 12,050):
 * the text must be the parsed number as the language writes it, with or without thousands
 * separators. No sign. The minor units are counted on the number's digits, never by multiplying.
 * `language` is the page's: how amounts are written (decimal mark, thousands separator).
 */
export function toMinorUnits(text: string, currency: string, language: string, path = "amount"): MinorUnits {
  const digits = currencyDigits(currency);
  const typed = text.replace(/\s/g, "");
  const value = typed === "" ? NaN : new NumberParser(language).parse(typed);
  if (!Number.isFinite(value) || value < 0) return { ok: false, refusal: ruleDetail(path, "amount_invalid") };
  if (value * 10 ** digits > Number.MAX_SAFE_INTEGER)
    return { ok: false, refusal: ruleDetail(path, "amount_too_large") };
  if (!writtenAs(typed, value, language)) return { ok: false, refusal: ruleDetail(path, "amount_invalid") };
  const [whole = "", fraction = ""] = value
    .toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
    .split(".");
  if (fraction.length > digits) {
    const refusal =
      digits === 0
        ? ruleDetail(path, "amount_whole", { currency })
        : ruleDetail(path, "amount_decimals", { digits, currency });
    return { ok: false, refusal };
  }
  return { ok: true, minor: Number(whole + fraction.padEnd(digits, "0")) };
}

/** Whether `typed` is how `language` writes `value` (grouped or not, with as many decimals as typed). */
function writtenAs(typed: string, value: number, language: string): boolean {
  const decimal = decimalMark(language);
  const withoutTrailingMark = typed.endsWith(decimal) ? typed.slice(0, -decimal.length) : typed;
  const fractionDigits = withoutTrailingMark.includes(decimal) ? withoutTrailingMark.split(decimal)[1]!.length : 0;
  const written = (useGrouping: boolean) =>
    new NumberFormatter(language, {
      useGrouping,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    })
      .format(value)
      .replace(/\s/g, "");
  return withoutTrailingMark === written(true) || withoutTrailingMark === written(false);
}

function decimalMark(language: string): string {
  return new NumberFormatter(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/** Minor units as the text an input shows in the page's language: 12000 DKK → "120", 12050 → "120,50" (da), 110050 → "1,100.50" (en), 500 JPY → "500". */
export function toMajorText(minor: number, currency: string, language: string): string {
  const digits = currencyDigits(currency);
  const whole = minor % 10 ** digits === 0;
  return new NumberFormatter(language, {
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(minor / 10 ** digits);
}
