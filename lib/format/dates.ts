import { DateTime } from "luxon";

/** Where and how to show times: the studio's IANA time zone and a format locale (a page's: lib/i18n/format-locale). */
export type Zoned = { zone: string; locale: string };

function inZone(date: Date, { zone, locale }: Zoned): DateTime {
  return DateTime.fromJSDate(date, { zone }).setLocale(locale);
}

/** "21. nov. 2026" (da-DK), "Nov 21, 2026" (en-US). */
export function formatDate(date: Date, where: Zoned): string {
  return inZone(date, where).toLocaleString(DateTime.DATE_MED);
}

/**
 * The last day a period ending at `end` covers: an end is the first moment no longer covered, so a
 * pass valid until midnight (an imported "31/12") reads "31. dec.", not "1. jan.".
 */
export function formatLastDay(end: Date, where: Zoned): string {
  return formatDate(new Date(end.getTime() - 1), where);
}

/** "09.15" (da-DK), "9:15 AM" (en-US). */
export function formatTime(date: Date, where: Zoned): string {
  return inZone(date, where).toLocaleString(DateTime.TIME_SIMPLE);
}

/** "fredag" (da-DK), "Friday" (en-US): the weekday of an instant in the zone. */
export function formatWeekday(date: Date, where: Zoned): string {
  return inZone(date, where).toLocaleString({ weekday: "long" });
}

/** "09.15–10.15" in the zone: the range of one class. */
export function formatTimeRange(start: Date, end: Date, where: Zoned): string {
  return `${formatTime(start, where)}–${formatTime(end, where)}`;
}

/** "lør. 21. nov. 2026, 09.15" (da-DK): a date and time in one. */
export function formatDateTime(date: Date, where: Zoned): string {
  return inZone(date, where).toLocaleString({ ...DateTime.DATETIME_MED, weekday: "short" });
}

/**
 * A day in running text, from its local date "2026-11-23": "mandag 23. november" (da-DK), "Monday,
 * November 23" (en-US). Danish keeps weekdays and months lowercase inside a sentence.
 */
export function formatDay(localDate: string, where: Zoned): string {
  return DateTime.fromISO(localDate, { zone: where.zone })
    .setLocale(where.locale)
    .toLocaleString({ weekday: "long", day: "numeric", month: "long" });
}

/** A day's number and short month, as a chart's label: "24. nov." (da-DK), "Nov 24" (en-US). */
export function formatDayMonth(localDate: string, where: Zoned): string {
  return DateTime.fromISO(localDate, { zone: where.zone })
    .setLocale(where.locale)
    .toLocaleString({ day: "numeric", month: "short" });
}

/** The same day as a heading, which starts with a capital letter: "Mandag 23. november" (da-DK). */
export function formatDayHeading(localDate: string, where: Zoned): string {
  return capitalizeFirst(formatDay(localDate, where), where.locale);
}

/** A day's short name and number as a label of its own: { weekday: "Man.", day: "23." } (da-DK). */
export function formatDayLabel(localDate: string, where: Zoned): { weekday: string; day: string } {
  const day = DateTime.fromISO(localDate, { zone: where.zone }).setLocale(where.locale);
  return {
    weekday: capitalizeFirst(day.toLocaleString({ weekday: "short" }), where.locale),
    day: day.toLocaleString({ day: "numeric" }),
  };
}

/** A calendar date "2026-11-23" (no time, no zone) in the date style: "23. nov. 2026" (da-DK). */
export function formatLocalDate(localDate: string, where: Zoned): string {
  return formatDate(noonOf(localDate, where.zone), where);
}

function capitalizeFirst(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

// Noon of a local date: never on a DST gap, always on that date in the zone.
function noonOf(localDate: string, zone: string): Date {
  return DateTime.fromISO(`${localDate}T12:00`, { zone }).toJSDate();
}

/**
 * "Saturday, 21 November 2026 at 09:15" (en-GB): the long form of an email. Through luxon, which keeps
 * its Intl formatters: building one costs far more than formatting with it.
 */
export function formatFullDateTime(date: Date, where: Zoned): string {
  return inZone(date, where).toLocaleString({ dateStyle: "full", timeStyle: "short" });
}

/** "60 min" or "1 t 30 min" style lengths are locale-specific; minutes stay readable everywhere. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "short" }).format(minutes);
}

/** The days of a week, from two local dates: "16.–22. nov. 2026" (da-DK), "Nov 16 – 22, 2026" (en-US). */
export function formatDateRange(firstLocalDate: string, lastLocalDate: string, where: Zoned): string {
  return new Intl.DateTimeFormat(where.locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: where.zone,
  }).formatRange(noonOf(firstLocalDate, where.zone), noonOf(lastLocalDate, where.zone));
}

/**
 * A weekday of a rule by its number (0 = Sunday … 6 = Saturday, as series store them): "man." or
 * "mandag" (da), "Mon" or "Monday" (en). 4 January 2026 is a Sunday.
 */
export function weekdayName(day: number, locale: string, width: "short" | "long" = "short"): string {
  return DateTime.utc(2026, 1, 4 + day)
    .setLocale(locale)
    .toLocaleString({ weekday: width });
}
