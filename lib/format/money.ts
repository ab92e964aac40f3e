/** Digits after the decimal point of a currency's minor unit (DKK, EUR, USD: 2; JPY: 0), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units (øre, cents) in the locale's currency format: 125000 DKK in da-DK → "1.250,00 kr.". */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}
