import type { Account } from "@prisma/client";
import { getLocale, getTranslations } from "next-intl/server";
import { findCurrentPublicTerms } from "@/lib/terms/get-public-terms-or-throw";
import { termsPath } from "@/lib/terms/terms-path";

/**
 * "Jeg accepterer handelsbetingelserne", linking the version in force (in a new tab, so the order
 * summary stays), when the studio has published terms; else undefined: nothing to accept.
 */
export async function acceptTermsLabel({ account }: { account: Pick<Account, "id" | "slug"> }) {
  const [terms, t, locale] = await Promise.all([
    findCurrentPublicTerms(account.id),
    getTranslations("Terms"),
    getLocale(),
  ]);
  if (!terms) return undefined;
  return t.rich("accept", {
    link: (chunks) => (
      <a
        href={termsPath(account.slug, locale)}
        target="_blank"
        rel="noopener"
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        {chunks}
      </a>
    ),
  });
}
