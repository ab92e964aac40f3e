import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDateTime } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { PageHeader, Section } from "@/components/forms/page-header";
import { ListPager } from "@/components/ui/list-pager";
import { Notice } from "@/components/ui/notice";
import { listImports, type ImportKey } from "@/lib/imports/manage-imports";
import { encodeCursor, InstantIdKey, readCursor } from "@/lib/schemas/page";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { ImportStatusBadge } from "./import-status-badge";
import { importWords } from "./import-words";
import { UploadImportForm } from "./upload-import-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ImportSettings");
  return { title: t("title") };
}

/** Imports shown a page at a time, newest first. */
const PAGE_SIZE = 25;

type Props = { searchParams: Promise<{ deleted?: string | string[]; older?: string | string[] }> };

/** The list of imports, from its newest page or, with a key, the page of those older than it. */
function pageHref(key: ImportKey | null) {
  const older = key ? `?${new URLSearchParams({ older: encodeCursor([key[0].toISOString(), key[1]]) })}` : "";
  return `/dashboard/settings/import${older}#imports`;
}

/** Settings › Import: upload a file from the system the studio leaves, and the imports so far. */
export default async function ImportSettingsPage({ searchParams }: Props) {
  const [viewer, t, params] = await Promise.all([
    requireAdministrator(),
    getTranslations("ImportSettings"),
    searchParams,
  ]);
  const after = readCursor(InstantIdKey, typeof params.older === "string" ? params.older : undefined);
  const [studio, page, words] = await Promise.all([
    getActiveStudio(viewer),
    listImports({ db: viewer.db, limit: PAGE_SIZE, after }),
    importWords(),
  ]);
  const imports = page.items;
  return (
    <div className="space-y-10">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      {params.deleted === "1" ? <Notice tone="success">{t("deletedNotice")}</Notice> : null}
      <Section id="upload" title={t("uploadHeading")}>
        <UploadImportForm />
      </Section>
      <Section id="imports" title={t("importsHeading")}>
        {imports.length === 0 ? (
          <p className="text-sm text-slate-600">{after ? t("noOlderImports") : t("noImports")}</p>
        ) : (
          <StackedTable
            caption={t("importsHeading")}
            columns={[
              { label: t("created"), className: "whitespace-nowrap" },
              { label: t("kind") },
              { label: t("source") },
              { label: t("rows") },
              { label: t("status") },
            ]}
            rows={imports.map((item) => ({
              key: item.id,
              cells: [
                <Link
                  key="created"
                  href={`/dashboard/settings/import/${item.id}`}
                  className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {formatDateTime(item.createdAt, studio)}
                </Link>,
                words.kinds[item.kind],
                words.sources[item.source],
                t("rowCounts", { valid: item.validRows, invalid: item.invalidRows, total: item.totalRows }),
                <ImportStatusBadge key="status" status={item.status} words={words} />,
              ],
            }))}
          />
        )}
        <ListPager
          pages={{ newest: after ? pageHref(null) : null, older: page.next ? pageHref(page.next) : null }}
          label={t("importsPages")}
        />
      </Section>
    </div>
  );
}
