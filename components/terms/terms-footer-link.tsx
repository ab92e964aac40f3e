import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { findCurrentPublicTerms } from "@/lib/terms/get-public-terms-or-throw";
import { termsPath } from "@/lib/terms/terms-path";
import { publicStudio } from "@/lib/web/studio-member";

/** "Handelsbetingelser" in the studio site's footer, once the studio has published terms; else nothing. */
export async function TermsFooterLink({ slug, className }: { slug: string; className?: string }) {
  const account = await publicStudio(slug).catch(() => null); // an unknown studio's page says so itself
  const [terms, t, locale] = await Promise.all([
    account ? findCurrentPublicTerms(account.id) : null,
    getTranslations("Terms"),
    getLocale(),
  ]);
  if (!account || !terms) return null;
  return (
    <Link href={termsPath(account.slug, locale)} className={className}>
      {t("footerLink")}
    </Link>
  );
}
