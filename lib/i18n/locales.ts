import { browserLanguage } from "./browser-language";

/** The languages the product speaks: its text comes from a message catalogue of each (./messages). */
export const LOCALES = ["da", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of a visitor nobody and nothing has chosen one for. */
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie a visitor's choice of language is remembered in (the switcher sets it). */
export const LOCALE_COOKIE = "studio_locale";

/** The request header proxy.ts puts a page's path in (the path only, never its query): it names the studio. */
export const PAGE_PATH_HEADER = "x-studio-page-path";

/** How each language names itself on the switcher (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { da: "Dansk", en: "English" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language we have for an account's locale tag (`da-DK` → `da`), or undefined when we have none
 * (`de-DE`: German formats, English text).
 */
export function languageOfLocaleTag(tag: string | null | undefined): Locale | undefined {
  const language = tag?.split("-")[0]?.toLowerCase();
  return isLocale(language) ? language : undefined;
}

/**
 * Which language a person reads: their own choice when signed in, else the choice they made as a
 * visitor (the cookie), else the studio's language when we have it, else the language their browser
 * asks for (`Accept-Language`) when it is one of ours, else English.
 */
export function chooseLocale(choices: {
  personal?: string | null;
  visitor?: string | null;
  studioLocaleTag?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(choices.personal)) return choices.personal;
  if (isLocale(choices.visitor)) return choices.visitor;
  return languageOfLocaleTag(choices.studioLocaleTag) ?? browserLanguage(choices.acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The language of an email (and of the calendar file it carries): the recipient's own choice, else
 * the language of the page they asked for it on (a sign-in link: the page's language or the
 * visitor's switcher cookie), else the studio's language when we have it, else English. A studio's
 * public calendar feed, which has no recipient, is in the studio's language.
 */
export function emailLocale(choices: {
  recipient?: string | null;
  askedOn?: string | null;
  studioLocaleTag?: string | null;
}): Locale {
  return chooseLocale({ personal: choices.recipient, visitor: choices.askedOn, studioLocaleTag: choices.studioLocaleTag });
}
