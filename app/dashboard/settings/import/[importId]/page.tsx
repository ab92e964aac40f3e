import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { Notice } from "@/components/ui/notice";
import { AppError } from "@/lib/errors";
import { DATE_FORMATS } from "@/lib/imports/import-dates";
import { getImportOrThrow, importProgress, listImportRows } from "@/lib/imports/manage-imports";
import { KIND_FIELDS, type ImportKind } from "@/lib/imports/recognize-header";
import { pageLanguage } from "@/lib/i18n/page-language";
import { serializeImport } from "@/lib/schemas/import";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { commitImportAction, deleteImportAction, inviteImportAction, updateImportColumnsAction } from "../actions";
import { ImportStatusBadge } from "../import-status-badge";
import { importWords } from "../import-words";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ImportSettings");
  return { title: t("previewTitle") };
}

const ROWS_SHOWN = 100;
const STATUSES = ["invalid", "valid", "unchanged"] as const;

type Props = { params: Promise<{ importId: string }>; searchParams: Promise<{ status?: string }> };

/** One import: what was recognised, the columns' fields, its rows with reasons, commit and invite. */
export default async function ImportPage(props: Props) {
  const [viewer, t, { importId }, query] = await Promise.all([
    requireAdministrator(),
    getTranslations("ImportSettings"),
    props.params,
    props.searchParams,
  ]);
  const record = await getImportOrThrow({ db: viewer.db, importId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const item = serializeImport(record);
  const status =
    STATUSES.find((candidate) => candidate === query.status) ?? (item.invalidRows > 0 ? "invalid" : "valid");
  const [page, words, language] = await Promise.all([
    listImportRows({ db: viewer.db, importId, status, limit: ROWS_SHOWN }),
    importWords(),
    pageLanguage(),
  ]);
  const progress = item.status === "committing" ? await importProgress({ db: viewer.db, importId }) : null;
  const fields = KIND_FIELDS[item.kind as ImportKind].fields;
  const preview = item.status === "previewed";
  const unmapped = item.unmappedFields.map((field) => words.fields[field] ?? field).join(", ");
  const count = { invalid: item.invalidRows, valid: item.validRows, unchanged: item.unchangedRows };
  return (
    <div className="space-y-10">
      <PageHeader title={t("previewTitle")}>
        {t("recognised", {
          source: words.sources[item.source] ?? item.source,
          kind: words.kinds[item.kind] ?? item.kind,
        })}
      </PageHeader>
      <p>
        <Link href="/dashboard/settings/import" className="text-sm text-brand-700 underline underline-offset-2">
          ← {t("backToImports")}
        </Link>
      </p>
      <Section id="summary" title={t("summaryHeading")}>
        <div className="space-y-3 text-sm text-slate-800">
          <ImportStatusBadge status={item.status} words={words} />
          <p>{t("rowCounts", { valid: item.validRows, invalid: item.invalidRows, total: item.totalRows })}</p>
          {item.created !== null ? (
            <p>{t("outcome", { created: item.created, updated: item.updated ?? 0, unchanged: item.unchanged ?? 0 })}</p>
          ) : null}
          {progress ? (
            <div className="max-w-md space-y-1">
              <progress className="w-full" aria-label={t("progress")} value={progress.written} max={progress.total} />
              <p>{t("progressRows", { written: progress.written, total: progress.total })}</p>
            </div>
          ) : null}
        </div>
      </Section>
      {preview ? (
        <Section id="columns" title={t("columnsHeading")}>
          <div className="max-w-xl space-y-4">
            {unmapped ? <Notice tone="info">{t("unmappedNotice", { fields: unmapped })}</Notice> : null}
            <ActionForm
              action={updateImportColumnsAction}
              hidden={{
                importId,
                ...Object.fromEntries(item.columns.map((column, index) => [`header-${index}`, column.header])),
              }}
              fields={[
                ...item.columns.map((column, index) => ({
                  kind: "select" as const,
                  name: `field-${index}`,
                  label: column.header,
                  defaultValue: column.field ?? "",
                  options: [
                    { value: "", label: t("ignore") },
                    ...fields.map((field) => ({ value: field, label: words.fields[field] ?? field })),
                  ],
                })),
                {
                  kind: "select" as const,
                  name: "dateFormat",
                  label: t("dateFormat"),
                  defaultValue: item.dateFormat,
                  options: DATE_FORMATS.map((format) => ({ value: format, label: format })),
                },
              ]}
              submitLabel={t("checkAgain")}
            />
          </div>
        </Section>
      ) : null}
      <Section id="rows" title={t("rowsHeading")}>
        <nav aria-label={t("rowsHeading")} className="mb-4 flex flex-wrap gap-3 text-sm">
          {STATUSES.map((candidate) => (
            <Link
              key={candidate}
              href={`?status=${candidate}`}
              aria-current={candidate === status ? "page" : undefined}
              className={
                candidate === status ? "font-semibold text-slate-900" : "text-brand-700 underline underline-offset-2"
              }
            >
              {words.rowStatuses(count)[candidate]}
            </Link>
          ))}
        </nav>
        {page.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noRows")}</p>
        ) : (
          <StackedTable
            caption={t("rowsHeading")}
            columns={[
              { label: t("row") },
              ...fields.map((field) => ({ label: words.fields[field] ?? field })),
              { label: t("reasons") },
            ]}
            rows={page.items.map((row) => ({
              key: String(row.row),
              cells: [
                String(row.row),
                ...fields.map((field) => row.values[field] ?? ""),
                [...row.errors, ...row.kept]
                  .map(
                    (problem) =>
                      `${words.fields[problem.field] ?? problem.field}: ${words.reasons[problem.code] ?? problem.message}`,
                  )
                  .join("; ") || "—",
              ],
            }))}
          />
        )}
        {page.next ? <p className="mt-3 text-sm text-slate-600">{t("moreRows", { count: ROWS_SHOWN })}</p> : null}
        {item.invalidRows > 0 ? (
          <p className="mt-3 text-sm">
            <a
              href={`/api/imports/${importId}/invalid.csv?delimiter=semicolon&language=${language}`}
              className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t("downloadInvalid")}
            </a>
          </p>
        ) : null}
      </Section>
      <Section id="actions" title={t("actionsHeading")}>
        <div className="flex flex-wrap gap-4">
          {preview ? (
            <ActionForm
              action={commitImportAction}
              hidden={{ importId }}
              submitLabel={t("commit", { count: item.validRows })}
              confirm={t("commitConfirm")}
              disabled={unmapped !== ""}
              inline
            />
          ) : null}
          {item.status === "committed" && item.kind === "people" ? (
            <ActionForm
              action={inviteImportAction}
              hidden={{ importId }}
              submitLabel={t("invite")}
              disabled={item.invitedAt !== null}
              inline
            />
          ) : null}
          <ActionForm
            action={deleteImportAction}
            hidden={{ importId }}
            submitLabel={t("delete")}
            variant="danger"
            confirm={t("deleteConfirm")}
            inline
          />
        </div>
        {preview && unmapped ? <p className="mt-3 text-sm text-slate-600">{t("commitNeedsColumns")}</p> : null}
        {item.status === "committed" && item.kind === "people" ? (
          <p className="mt-3 max-w-prose text-sm text-slate-600">
            {item.invitedAt ? t("invitedAlready") : t("inviteHint")}
          </p>
        ) : null}
      </Section>
    </div>
  );
}
