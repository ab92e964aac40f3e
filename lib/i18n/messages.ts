import da from "./messages/da.json";
import en from "./messages/en.json";
import type { Locale } from "./locales";

/** The message catalogues: the same keys in each (messages.test.ts), English the reference. */
export const MESSAGES: Record<Locale, typeof en> = { da, en };

export function messagesOf(locale: Locale): typeof en {
  return MESSAGES[locale];
}
