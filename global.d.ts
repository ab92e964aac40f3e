import type en from "./lib/i18n/messages/en.json";
import type { Locale } from "./lib/i18n/locales";

// next-intl's types: message keys are checked against the English catalogue at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
