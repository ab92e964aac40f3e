import { getLocale } from "next-intl/server";
import type { Zoned } from "@/lib/format/dates";
import { formatLocaleOf } from "./format-locale";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The language next-intl chose for this request (lib/i18n/request.ts), for code that is not a component. */
export async function pageLanguage(): Promise<Locale> {
  const locale = await getLocale();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The locale this page formats dates and times in: its language with the studio's region (./format-locale). */
export async function pageFormatLocale(studioLocaleTag: string | null | undefined): Promise<string> {
  return formatLocaleOf(await pageLanguage(), studioLocaleTag);
}

/** How this page shows a studio's instants: in the studio's zone, in the page's format locale. */
export async function pageFormat(studio: { timezone: string; locale: string }): Promise<Zoned> {
  return { zone: studio.timezone, locale: await pageFormatLocale(studio.locale) };
}
