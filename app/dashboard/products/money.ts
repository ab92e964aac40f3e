import { minorUnitDigits } from "@/lib/format/money";

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

export type MinorUnits = { ok: true; minor: number } | { ok: false; message: string };

/** What a wrong amount is told, in the reader's language (amount-words.ts reads them from the catalogue). */
export type AmountWords = {
  notAnAmount: string;
  wholeAmount: (currency: string) => string;
  tooManyDecimals: (digits: number, currency: string) => string;
  tooLarge: string;
};

/** "120", "120.5", "120,50" (either decimal mark) → minor units; no thousands separators, no sign. */
export function toMinorUnits(text: string, currency: string, words: AmountWords): MinorUnits {
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim().replace(/\s/g, ""));
  if (!match) return { ok: false, message: words.notAnAmount };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? words.wholeAmount(currency) : words.tooManyDecimals(digits, currency),
    };
  }
  const minor = Number(whole + fraction.padEnd(digits, "0"));
  if (!Number.isSafeInteger(minor)) return { ok: false, message: words.tooLarge };
  return { ok: true, minor };
}

/** Minor units as the text an input shows: 12000 DKK → "120", 12050 → "120.50", 500 JPY → "500". */
export function toMajorText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits);
  return `${minor < 0 ? "-" : ""}${whole}${/^0+$/.test(fraction) ? "" : `.${fraction}`}`;
}
