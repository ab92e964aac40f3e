import { getRequestConfig } from "next-intl/server";
import { getRequestLocale } from "@/lib/web/request-locale";
import { messagesOf } from "./messages";

// next-intl's configuration of a request (next.config.ts names this file): the page's language and
// its catalogue. Dates and money keep following the studio's own locale tag (lib/format).
export default getRequestConfig(async () => {
  const locale = await getRequestLocale();
  return { locale, messages: messagesOf(locale) };
});
