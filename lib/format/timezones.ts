import { DateTime } from "luxon";

/**
 * The timezone picker's groups, in the order shown: the first part of an IANA name ("Europe/Copenhagen"),
 * our studios' own region first; "Other" holds UTC and any name outside these regions.
 */
export const TIMEZONE_REGIONS = [
  "Europe",
  "America",
  "Asia",
  "Africa",
  "Australia",
  "Pacific",
  "Atlantic",
  "Indian",
  "Antarctica",
  "Arctic",
  "Other",
] as const;
export type TimezoneRegion = (typeof TIMEZONE_REGIONS)[number];

export type TimezoneChoice = {
  /** The IANA name, the value stored. */
  zone: string;
  /** "Copenhagen", "Knox (Indiana)". */
  city: string;
  /** The zone's offset from UTC at the given instant: "+01:00", "-05:00", "+05:45". */
  offset: string;
  /** "Copenhagen — UTC+01:00": what the picker shows. */
  label: string;
};

export type TimezoneGroup = { region: TimezoneRegion; zones: TimezoneChoice[] };

/** The zone's offset from UTC at an instant, "+01:00" (Europe/Copenhagen in January), "+02:00" in July. */
export function utcOffset(zone: string, at: Date): string {
  return DateTime.fromJSDate(at, { zone }).toFormat("ZZ");
}

export function regionOf(zone: string): TimezoneRegion {
  const [first] = zone.split("/");
  return (TIMEZONE_REGIONS as readonly string[]).includes(first ?? "") && zone.includes("/")
    ? (first as TimezoneRegion)
    : "Other";
}

/**
 * The place a zone is named after: "America/Argentina/San_Juan" → "San Juan (Argentina)"; a name
 * outside the regions is shown whole ("US/Eastern", "UTC").
 */
export function cityOf(zone: string): string {
  if (regionOf(zone) === "Other") return zone.replace(/_/g, " ");
  const parts = zone.split("/").map((part) => part.replace(/_/g, " "));
  const city = parts[parts.length - 1]!;
  return parts.length > 2 ? `${city} (${parts.slice(1, -1).join(", ")})` : city;
}

export function timezoneChoice(zone: string, at: Date): TimezoneChoice {
  const city = cityOf(zone);
  const offset = utcOffset(zone, at);
  return { zone, city, offset, label: `${city} — UTC${offset}` };
}

/**
 * Every timezone the platform knows, grouped by region with each zone's current offset, cities in
 * alphabetical order; `current` (an account's stored zone) is always among them, also when it is an
 * alias the platform does not list ("Europe/Kiev", "US/Eastern") or UTC.
 */
export function groupTimezones(options: { at: Date; current?: string; zones?: readonly string[] }): TimezoneGroup[] {
  const zones = new Set(options.zones ?? Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  if (options.current) zones.add(options.current);
  const byRegion = new Map<TimezoneRegion, TimezoneChoice[]>();
  for (const zone of zones) {
    const region = regionOf(zone);
    byRegion.set(region, [...(byRegion.get(region) ?? []), timezoneChoice(zone, options.at)]);
  }
  return TIMEZONE_REGIONS.flatMap((region) => {
    const choices = byRegion.get(region);
    if (!choices) return [];
    choices.sort((a, b) => a.city.localeCompare(b.city, "en") || a.zone.localeCompare(b.zone, "en"));
    return [{ region, zones: choices }];
  });
}

/** A zone as people say it, in their language: "Centraleuropæisk tid" (da), "Central European Time" (en). */
export function zoneName(zone: string, locale: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}
