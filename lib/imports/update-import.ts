import "server-only";
import type { Import } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";
import { assertRequiredMapped, CHECK_BATCH, checkCells, countRows, updateChecks } from "./check-rows";
import type { DateFormat } from "./import-dates";
import { throughImportGate } from "./import-gate";
import { columnsOf, KIND_FIELDS, type Column, type ImportKind } from "./recognize-header";

/** A re-check of 50,000 rows takes seconds; the transaction holds the import against a commit meanwhile. */
const RECHECK_TIMEOUT_MS = 120_000;

/**
 * Changes which field each column fills and how dates are read, and checks every row again. 409
 * `Import is not in preview` once committing; 400 when the columns are not the file's, a field is
 * given twice, is not one of the kind's, or a required field is left without a column.
 */
export async function updateImport({
  db,
  accountId,
  importId,
  input,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  importId: string;
  input: { columns?: Column[]; dateFormat?: DateFormat };
  now?: Date;
}): Promise<Import> {
  return throughImportGate(() => recheck({ db, accountId, importId, input, now }));
}

function recheck({
  db,
  accountId,
  importId,
  input,
  now,
}: {
  db: TenantDb;
  accountId: string;
  importId: string;
  input: { columns?: Column[]; dateFormat?: DateFormat };
  now: Date;
}): Promise<Import> {
  return db.$transaction(
    async (tx) => {
      const [locked] = await tx.$queryRaw<Import[]>`
        SELECT * FROM "Import" WHERE "id" = ${importId} AND "accountId" = ${accountId} FOR UPDATE`;
      if (!locked) throw new AppError("not_found");
      if (locked.status !== "previewed") throw new AppError("import_not_in_preview");
      const kind = locked.kind as ImportKind;
      const columns = input.columns ?? columnsOf(locked);
      assertColumnsOf(kind, locked.headers, columns);
      const dateFormat = input.dateFormat ?? (locked.dateFormat as DateFormat);
      const { timezone } = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } });
      const context = { db: tx, accountId, timezone, dateFormat, seen: new Map(), now };
      for (let after = 0; ;) {
        const rows = await tx.importRow.findMany({
          where: { importId, row: { gt: after } },
          orderBy: { row: "asc" },
          take: CHECK_BATCH,
          select: { row: true, cells: true },
        });
        if (rows.length === 0) break;
        await updateChecks(tx, importId, accountId, await checkCells(kind, rows, columns, context));
        after = rows[rows.length - 1]!.row;
      }
      return tx.import.update({
        where: { id: importId },
        data: { fields: columns.map((column) => column.field ?? ""), dateFormat, ...(await countRows(tx, importId)) },
      });
    },
    { maxWait: 10_000, timeout: RECHECK_TIMEOUT_MS },
  );
}

function assertColumnsOf(kind: ImportKind, headers: string[], columns: Column[]): void {
  const fields = KIND_FIELDS[kind].fields as readonly string[];
  const details = [];
  if (columns.length !== headers.length || columns.some((column, i) => column.header !== headers[i]))
    details.push(ruleDetail("columns", "import_columns_mismatch"));
  const seen = new Set<string>();
  columns.forEach((column, i) => {
    if (column.field === null) return;
    if (!fields.includes(column.field)) details.push(ruleDetail(`columns.${i}.field`, "import_field_not_of_kind"));
    else if (seen.has(column.field)) details.push(ruleDetail(`columns.${i}.field`, "listed_twice"));
    seen.add(column.field);
  });
  if (details.length > 0) throw new AppError("validation_failed", { details });
  assertRequiredMapped(kind, columns);
}
