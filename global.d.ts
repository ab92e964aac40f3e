import type { Locale } from "./lib/i18n/locales";
import type { Messages } from "./lib/i18n/messages";

// next-intl's types: message keys are checked against the English catalogue at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
