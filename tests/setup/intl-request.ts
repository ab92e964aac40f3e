// next-intl's request configuration in tests (vitest.config.ts aliases next-intl/config here): the
// app's own (lib/i18n/request.ts) reads the request's cookies and headers, which a test calling a
// server action directly does not have. Tests read English.
import { getRequestConfig } from "next-intl/server";
import { messagesOf } from "@/lib/i18n/messages";

export default getRequestConfig(async () => ({ locale: "en", messages: messagesOf("en") }));
