// next-intl's request configuration in tests (vitest.config.ts aliases next-intl/config here): the
// app's own (lib/i18n/request.ts) reads the request's cookies and headers, which a test calling a
// server action directly does not have. Tests read English unless they set another language
// (tests/helpers/page-language.ts).
import { getRequestConfig } from "next-intl/server";
import { messagesOf } from "@/lib/i18n/messages";
import { testPageLanguage } from "@/tests/helpers/page-language";

export default getRequestConfig(async () => {
  const locale = testPageLanguage();
  return { locale, messages: messagesOf(locale) };
});
