import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { EXPORT_BATCH_SIZE, type CsvExport } from "@/lib/schemas/export";
import type { RowIssue } from "./import-kind";
import { importWordsOf } from "./import-words";
import { getImportOrThrow } from "./manage-imports";

/**
 * An import's invalid rows as the file had them, under its header, to fix in a spreadsheet and
 * upload again; a last column says what is wrong with each: in `language` when a page asks for
 * one (its header and the reasons in the page's words), else the API's English `field: message`.
 * 404 for an unknown import.
 */
export async function exportInvalidRows({
  db,
  importId,
  language,
}: {
  db: TenantDb;
  importId: string;
  language?: Locale;
}): Promise<CsvExport> {
  const record = await getImportOrThrow({ db, importId });
  const width = record.headers.length;
  const { header, describe } = errorsColumn(language);
  async function* batches() {
    for (let after = 0; ;) {
      const rows = await db.importRow.findMany({
        where: { importId, status: "invalid", row: { gt: after } },
        orderBy: { row: "asc" },
        take: EXPORT_BATCH_SIZE,
        select: { row: true, cells: true, errors: true },
      });
      if (rows.length === 0) return;
      yield rows.map(({ cells, errors }) => [
        ...Array.from({ length: width }, (_, index) => cells[index] ?? ""),
        (errors as RowIssue[]).map(describe).join("; "),
      ]);
      after = rows[rows.length - 1]!.row;
    }
  }
  return { header: [...record.headers, header], batches: batches() };
}

/** The last column's header and how it tells one problem. */
function errorsColumn(language: Locale | undefined) {
  if (!language) return { header: "errors", describe: (error: RowIssue) => `${error.field}: ${error.message}` };
  const t = translatorFor(language, "ImportSettings");
  const words = importWordsOf(t);
  return {
    header: t("errorsColumn"),
    describe: (error: RowIssue) =>
      `${words.fields[error.field] ?? error.field}: ${words.reasons[error.code] ?? error.message}`,
  };
}
