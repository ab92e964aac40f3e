import * as dates from "@/lib/format/dates";
import type { Zoned } from "@/lib/format/dates";
import { studioDate } from "@/lib/studio-time/studio-date";
import { minorUnitDigits } from "@/lib/format/money";
import type { Studio } from "@/lib/web/get-active-studio";

// The dashboard formats in the studio's zone and the page's format locale through the one date module.
const where = (studio: Studio): Zoned => ({ zone: studio.timezone, locale: studio.formatLocale });

export function formatDateTime(instant: Date, studio: Studio): string {
  return dates.formatDateTime(instant, where(studio));
}

export function formatTime(instant: Date, studio: Studio): string {
  return dates.formatTime(instant, where(studio));
}

/** A day in running text: "mandag 23. november". */
export function formatDay(instant: Date, studio: Studio): string {
  return dates.formatDay(studioDate(instant, studio.timezone), where(studio));
}

/** A day as a heading: "Mandag 23. november". */
export function formatDayHeading(instant: Date, studio: Studio): string {
  return dates.formatDayHeading(studioDate(instant, studio.timezone), where(studio));
}

export function formatDate(instant: Date, studio: Studio): string {
  return dates.formatDate(instant, where(studio));
}

export function formatLastDay(end: Date, studio: Studio): string {
  return dates.formatLastDay(end, where(studio));
}

/** A calendar date such as a series' first day ("2026-11-23") in the date style. */
export function formatLocalDate(localIsoDate: string, studio: Studio): string {
  return dates.formatLocalDate(localIsoDate, where(studio));
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
