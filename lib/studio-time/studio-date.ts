import { DateTime } from "luxon";

/**
 * The studio's date ("YYYY-MM-DD") of an instant: the calendar day in the studio's time zone (a zone
 * luxon does not know reads as UTC). The one owner of this rule: pages, the week grid, recurrence
 * and pauses all ask it.
 */
export function studioDate(instant: Date, timezone: string): string {
  return DateTime.fromJSDate(instant, { zone: timezone }).toISODate() ?? instant.toISOString().slice(0, 10);
}

/** The local date `days` calendar days after (before, if negative) a local date; undefined when it is no date. */
export function addDays(localIsoDate: string, days: number): string | undefined {
  return DateTime.fromISO(localIsoDate, { zone: "UTC" }).plus({ days }).toISODate() ?? undefined;
}
