import { translatorFor } from "@/lib/i18n/translator";
import type { Locale } from "@/lib/i18n/locales";
import type { AmountWords } from "./money";

/** The ProductAmounts catalogue's words in `locale`: what a wrong amount is told; amounts read as `locale` writes them. */
export function amountWords(locale: Locale): AmountWords {
  const t = translatorFor(locale, "ProductAmounts");
  return {
    language: locale,
    notAnAmount: t("notAnAmount"),
    wholeAmount: (currency) => t("wholeAmount", { currency }),
    tooManyDecimals: (digits, currency) => t("tooManyDecimals", { digits: String(digits), currency }),
    tooLarge: t("tooLarge"),
  };
}
