import type { ErrorDetail } from "@/lib/error-details";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { detailInWords } from "./field-error-words";

/** A 400 detail as a form in `locale` shows it: its code and params through the FieldErrors catalogue. */
export function fieldErrorMessage(detail: ErrorDetail, locale: Locale): string {
  return detailInWords(detail, translatorFor(locale, "FieldErrors"), locale);
}
