import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { Notice } from "@/components/ui/notice";
import { formatDateTime } from "@/lib/format/dates";
import { pageFormat } from "@/lib/i18n/page-language";
import { getTermsSettings } from "@/lib/terms/get-terms-settings";
import { termsPath } from "@/lib/terms/terms-path";
import { getMe } from "@/lib/users/get-me";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { publishTermsAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("TermsSettings");
  return { title: t("title") };
}

/**
 * Settings › Terms of sale: the studio edits its terms in Danish (and English) and publishes them as
 * the next version; the versions published so far, each linked on the public site. While it has
 * none, the form holds our starter draft, marked as a draft not in force.
 */
export default async function TermsSettingsPage() {
  const [viewer, t, locale] = await Promise.all([
    requireAdministrator(),
    getTranslations("TermsSettings"),
    getLocale(),
  ]);
  const [{ account }, settings] = await Promise.all([
    getMe(viewer),
    getTermsSettings({ db: viewer.db, accountId: viewer.accountId }),
  ]);
  const where = await pageFormat(account);
  const current = settings.versions[0];
  const publish = t("publish", { version: settings.nextVersion });
  return (
    <div className="space-y-10">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      {current ? (
        <Notice tone="success">
          {t.rich("inForce", {
            version: current.version,
            date: formatDateTime(current.publishedAt, where),
            link: (chunks) => (
              <Link href={termsPath(account.slug, locale)} className="font-medium underline underline-offset-2">
                {chunks}
              </Link>
            ),
          })}
        </Notice>
      ) : (
        <div className="max-w-prose rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950" role="status">
          <p className="font-semibold">{t("draftHeading")}</p>
          <p className="mt-1 text-sm">{t("draftIntro")}</p>
        </div>
      )}
      <Section id="terms-text" title={current ? t("editHeading") : t("draftFormHeading")}>
        <p className="max-w-prose text-sm text-slate-700">{t("markdownHint")}</p>
        <ActionForm
          action={publishTermsAction}
          fields={[
            {
              kind: "textarea",
              name: "da",
              label: t("danish"),
              defaultValue: settings.draft.da,
              rows: 18,
              required: true,
            },
            {
              kind: "textarea",
              name: "en",
              label: t("english"),
              defaultValue: settings.draft.en,
              rows: 12,
              hint: t("englishHint"),
            },
          ]}
          submitLabel={publish}
          pendingLabel={t("publishing")}
          confirm={t("confirm", { version: settings.nextVersion })}
        />
      </Section>
      <Section id="terms-versions" title={t("versionsHeading")}>
        {settings.versions.length === 0 ? (
          <p className="text-slate-700">{t("noVersions")}</p>
        ) : (
          <ul className="max-w-xl divide-y divide-slate-200 rounded-md border border-slate-200">
            {settings.versions.map((version) => (
              <li
                key={version.version}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
              >
                <span className="font-medium text-slate-900">
                  {t("versionName", { version: version.version })}
                  {version === current ? (
                    <span className="ml-2 text-sm font-normal text-emerald-800">{t("current")}</span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-600">{formatDateTime(version.publishedAt, where)}</span>
                <Link
                  href={termsPath(account.slug, locale, version.version)}
                  className="text-sm font-medium text-brand-700 underline underline-offset-2"
                  aria-label={t("viewVersion", { version: version.version })}
                >
                  {t("view")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
