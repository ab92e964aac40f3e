import type { NextRequest } from "next/server";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";

/**
 * The visitor's choice of language that a request carries (the switcher's `studio_locale` cookie), if
 * any: the language of a sign-in email asked for without an own choice (lib/i18n/locales.ts emailLocale).
 */
export function visitorLocale(request: NextRequest): string | undefined {
  return request.cookies.get(LOCALE_COOKIE)?.value;
}
