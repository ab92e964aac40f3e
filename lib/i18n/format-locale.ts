import type { Locale } from "./locales";

/**
 * The locale dates, weekdays, times and time-zone names are formatted in: the words of the language
 * the reader reads (the page's language), the conventions of the studio's region (day before month
 * in Denmark), and a 24-hour clock in every language. "en" at a da-DK studio → "en-DK-u-hc-h23"
 * ("Monday, 30 November", "09.15"); "da" there → "da-DK-u-hc-h23" ("mandag 30. november"). A tag
 * without a region takes its language's usual one (en → US); a tag Intl refuses gives no region.
 * The one owner of this rule: pages ask it through pageFormatLocale (./page-language), lib
 * functions that know their reader's language ask it directly.
 */
export function formatLocaleOf(language: Locale, studioLocaleTag: string | null | undefined): string {
  return new Intl.Locale(language, { region: regionOf(studioLocaleTag), hourCycle: "h23" }).toString();
}

function regionOf(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return new Intl.Locale(tag).maximize().region;
  } catch {
    return undefined;
  }
}
