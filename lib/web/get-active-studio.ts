import "server-only";
import { cache } from "react";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { pageFormatLocale } from "@/lib/i18n/page-language";

/**
 * The studio's name, public slug, clock and language, for formatting in server components:
 * `locale` is the studio's own tag (da-DK), `formatLocale` the page's for dates and times (en-DK-u-hc-h23
 * on an English page; lib/i18n/format-locale).
 */
export type Studio = {
  name: string;
  slug: string;
  timezone: string;
  locale: string;
  currency: string;
  formatLocale: string;
};

/** The viewer's active studio (name, timezone, locale, currency), once per request. */
export const getActiveStudio = cache(async (viewer: PersonAuth): Promise<Studio> => {
  const account = (await viewer.db.account.findUnique({
    where: { id: viewer.accountId },
    select: { name: true, slug: true, timezone: true, locale: true, currency: true },
  })) ?? { name: "Studio", slug: "", timezone: "UTC", locale: "en", currency: "DKK" };
  return { ...account, formatLocale: await pageFormatLocale(account.locale) };
});
