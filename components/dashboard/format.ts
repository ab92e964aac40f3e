import { DateTime } from "luxon";
import { minorUnitDigits } from "@/lib/format/money";
import type { Studio } from "@/lib/web/get-active-studio";

export function formatDateTime(instant: Date, studio: Studio): string {
  return DateTime.fromJSDate(instant, { zone: studio.timezone })
    .setLocale(studio.locale)
    .toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);
}

export function formatTime(instant: Date, studio: Studio): string {
  return DateTime.fromJSDate(instant, { zone: studio.timezone })
    .setLocale(studio.locale)
    .toLocaleString(DateTime.TIME_SIMPLE);
}

export function formatDay(instant: Date, studio: Studio): string {
  return DateTime.fromJSDate(instant, { zone: studio.timezone }).setLocale(studio.locale).toLocaleString({
    weekday: "long",
    day: "numeric",
    month: "long",
  });
}

export function formatDate(instant: Date, studio: Studio): string {
  return DateTime.fromJSDate(instant, { zone: studio.timezone })
    .setLocale(studio.locale)
    .toLocaleString(DateTime.DATE_MED);
}

export { formatMoney } from "@/lib/format/money";

export function formatPercent(ratio: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(ratio);
}

/** A short money label for chart axes ("1,2 t kr."): compact notation, no minor units. */
export function formatMoneyCompact(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(amount / 10 ** minorUnitDigits(currency));
}
