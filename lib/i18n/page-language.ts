import { getLocale } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The language next-intl chose for this request (lib/i18n/request.ts), for code that is not a component. */
export async function pageLanguage(): Promise<Locale> {
  const locale = await getLocale();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
