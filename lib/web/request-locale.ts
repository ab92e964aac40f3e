import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { looksLikeSlug } from "@/lib/auth/account-slug";
import { findLocaleChoices } from "@/lib/i18n/find-locale-choices";
import { chooseLocale, LOCALE_COOKIE, PAGE_PATH_HEADER, type Locale } from "@/lib/i18n/locales";
import { getViewer } from "./viewer";

/** Top-level paths of the app's own pages: any other first segment is a studio's slug. */
const APP_PAGES = new Set(["dashboard", "sign-in", "signup", "docs", "dev"]);

/**
 * The studio a page belongs to: `/<slug>/…`, or the one a sign-in page or an emailed sign-in link is
 * for (`/sign-in?account=<slug>`, `/sign-in/verify?token=…&account=<slug>`).
 */
export function studioSlugOf(page: string | null): string | undefined {
  if (!page) return undefined;
  const url = new URL(page, "http://page.invalid");
  const first = url.pathname.split("/")[1] ?? "";
  const slug = first === "sign-in" ? url.searchParams.get("account") : APP_PAGES.has(first) ? undefined : first;
  return looksLikeSlug(slug) ? slug : undefined;
}

/**
 * The language of this request's page (lib/i18n/locales.ts chooseLocale): the viewer's own choice,
 * the visitor's switcher cookie, the studio's language, the browser's `Accept-Language`, English.
 * Once per request.
 */
export const getRequestLocale = cache(async (): Promise<Locale> => {
  const [viewer, cookieStore, headerList] = await Promise.all([getViewer(), cookies(), headers()]);
  const slug = studioSlugOf(headerList.get(PAGE_PATH_HEADER));
  const choices = await findLocaleChoices({ userId: viewer?.userId, accountId: viewer?.accountId, slug });
  return chooseLocale({
    ...choices,
    visitor: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
});
