import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { TermsMarkdown } from "@/components/terms/terms-markdown";
import { formatDate } from "@/lib/format/dates";
import { pageFormat } from "@/lib/i18n/page-language";
import { findCurrentPublicTerms, getPublicTermsOrThrow } from "@/lib/terms/get-public-terms-or-throw";
import { termsPath } from "@/lib/terms/terms-path";
import { studioMember } from "@/lib/web/studio-member";
import { signOutAction } from "../actions";
import { getPublicStudio, orNotFound, signInHref } from "../studio";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string }>;
  /** `version`: an earlier version (a receipt links the one its order was bought under). */
  searchParams: Promise<{ version?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("Terms")]);
  return { title: t("metaTitle", { studio: account.name }) };
}

/** A version number as a link writes it, else none (the current version); anything else is no page. */
function requestedVersion(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^[1-9]\d{0,8}$/.test(value)) notFound();
  return Number(value);
}

/**
 * The studio's terms of sale (`/<slug>/vilkaar`, `/<slug>/terms`): the version in force, or the one
 * `?version=` names, in the visitor's language; English falls back to the Danish text with a note.
 * 404 while the studio has published none.
 */
export default async function TermsPage({ params, searchParams }: Props) {
  const [{ slug }, query, t, locale] = await Promise.all([params, searchParams, getTranslations("Terms"), getLocale()]);
  const version = requestedVersion(query.version);
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const [terms, current] = await orNotFound(
    Promise.all([getPublicTermsOrThrow({ accountId: account.id, version }), findCurrentPublicTerms(account.id)]),
  );
  const where = await pageFormat(account);
  const english = locale === "en" ? terms.en : null;
  const earlier = current !== null && current.version !== terms.version;

  return (
    <>
      <StudioHeader
        studio={account}
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, termsPath(account.slug, locale, version))}
      />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="terms-version">
          {t("versionLine", { version: terms.version, date: formatDate(terms.publishedAt, where) })}
        </p>
        {earlier && (
          <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {t.rich("earlierVersion", {
              version: terms.version,
              link: (chunks) => (
                <Link href={termsPath(account.slug, locale)} className="font-medium underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
        {locale === "en" && english === null && (
          <p className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            {t("danishOnly")}
          </p>
        )}
        <article className="mt-6" lang={english === null ? "da" : "en"}>
          <TermsMarkdown text={english ?? terms.da} />
        </article>
      </main>
    </>
  );
}
