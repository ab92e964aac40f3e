// The date formats an import reads, and which one a file uses.
import { DateTime } from "luxon";
import type { ImportSource } from "./recognize-header";

export const DATE_FORMATS = ["YYYY-MM-DD", "DD-MM-YYYY", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const LUXON: Record<DateFormat, string> = {
  "YYYY-MM-DD": "yyyy-M-d",
  "DD-MM-YYYY": "d-M-yyyy",
  "DD.MM.YYYY": "d.M.yyyy",
  "DD/MM/YYYY": "d/M/yyyy",
  "MM/DD/YYYY": "M/d/yyyy",
};

/**
 * A date of the file as YYYY-MM-DD, or null when it is not one in this format. A time after the
 * date (exports write "1990-05-17 00:00" or "05/17/1990 12:00:00 AM") is ignored.
 */
export function parseImportDate(value: string, format: DateFormat): string | null {
  const date = value.trim().split(/[\sT]/)[0] ?? "";
  const parsed = DateTime.fromFormat(date, LUXON[format], { zone: "UTC" });
  if (!parsed.isValid || parsed.year < 1900 || parsed.year > 9999) return null;
  return parsed.toISODate();
}

/**
 * The format that reads the most sampled dates (a few bad dates do not decide it), on a tie the one
 * the source writes first (Mindbody: US dates), then YYYY-MM-DD and day-first before month-first.
 */
export function detectDateFormat(samples: string[], source: ImportSource): DateFormat {
  const order: DateFormat[] =
    source === "mindbody" ? ["MM/DD/YYYY", ...DATE_FORMATS.filter((f) => f !== "MM/DD/YYYY")] : [...DATE_FORMATS];
  const values = samples.filter((value) => value.trim() !== "");
  const reads = (format: DateFormat) => values.filter((value) => parseImportDate(value, format) !== null).length;
  return order.reduce((best, format) => (reads(format) > reads(best) ? format : best), order[0]!);
}

/** A moment in ISO 8601 with its offset or Z, as our own exports write them ("2026-01-01T00:00:00.000Z"). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * The exact moment a value names when it is an ISO 8601 date-time with an offset, else null: such a
 * value is not a day of the file's date format but an instant, read back as it was written.
 */
export function parseIsoMoment(value: string): Date | null {
  const trimmed = value.trim();
  if (!ISO_MOMENT.test(trimmed)) return null;
  const parsed = DateTime.fromISO(trimmed, { setZone: true });
  return parsed.isValid && parsed.year >= 1900 && parsed.year <= 9999 ? parsed.toJSDate() : null;
}
