import { DateTime } from "luxon";
import { formatDayHeading } from "@/lib/format/dates";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import type { Language } from "./words";

const ZONE = "Europe/Copenhagen";
const LOCALE = "da-DK";

/** The Monday (YYYY-MM-DD, studio zone) of the week `weeks` from now. */
export function mondayOf(weeks = 0): DateTime {
  return DateTime.now().setZone(ZONE).startOf("week").plus({ weeks });
}

/**
 * A day heading of the studio's schedule as a page in `language` writes it: that language's words
 * with the studio's region ("Wednesday, 2 December", "Onsdag 2. december"; lib/i18n/format-locale).
 */
export function dayHeading(day: DateTime, language: Language): string {
  return formatDayHeading(day.setZone(ZONE).toISODate()!, { zone: ZONE, locale: formatLocaleOf(language, LOCALE) });
}

/** Whether an instant falls in the studio's current week. */
export function inThisWeek(iso: string): boolean {
  const start = mondayOf(0);
  const at = DateTime.fromISO(iso).setZone(ZONE);
  return at >= start && at < start.plus({ weeks: 1 });
}

/** A money amount as the studio's pages print it (da-DK, DKK), with any spacing. */
export function dkkPattern(amountMinor: number): RegExp {
  const text = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "DKK" }).format(amountMinor / 100);
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s*"));
}
