import type { Locale } from "@/lib/i18n/locales";

let current: Locale = "en";

/** The language next-intl gives a server action or page in this test file (tests/setup/intl-request.ts); English unless set. */
export function testPageLanguage(): Locale {
  return current;
}

/** Makes what a test calls next read `language` as its page's language, as a visitor's choice would. */
export function setTestPageLanguage(language: Locale): void {
  current = language;
}
