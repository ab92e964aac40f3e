import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { ruleDetail, type ErrorDetail } from "@/lib/error-details";
import { valuesOf, type CheckContext, type RowCheck } from "./import-kind";
import { KIND_IMPORTS } from "./import-kinds";
import { KIND_FIELDS, type Column, type ImportKind } from "./recognize-header";

/** Rows checked and written per statement. */
export const CHECK_BATCH = 1000;

/** 400 when a field every row needs has no column. */
export function assertRequiredMapped(kind: ImportKind, columns: Column[]): void {
  const mapped = new Set(columns.map((column) => column.field));
  const details: ErrorDetail[] = KIND_FIELDS[kind].required
    .filter((field) => !mapped.has(field))
    .map((field) => ruleDetail("columns", "import_field_unmapped", { field }));
  if (details.length > 0) throw new AppError("validation_failed", { details });
}

export const kindImportOf = (kind: ImportKind) => KIND_IMPORTS[kind];

/** Checks a batch of rows as read (their cells) against the columns. */
export function checkCells(
  kind: ImportKind,
  rows: { row: number; cells: string[] }[],
  columns: Column[],
  context: CheckContext,
): Promise<RowCheck[]> {
  return kindImportOf(kind).check(
    rows.map(({ row, cells }) => ({ row, values: valuesOf(cells, columns) })),
    context,
  );
}

const asJson = (checks: RowCheck[]) =>
  JSON.stringify(checks.map(({ row, status, values, errors, kept }) => ({ row, status, values, errors, kept })));

/** Keeps a batch of checked rows: one statement (Prisma's createMany costs a parameter per cell). */
export async function insertChecks(
  db: TenantDb,
  importId: string,
  accountId: string,
  rows: { row: number; cells: string[] }[],
  checks: RowCheck[],
) {
  const cells = new Map(rows.map(({ row, cells }) => [row, cells]));
  const json = JSON.stringify(checks.map((check) => ({ ...check, cells: cells.get(check.row) ?? [] })));
  await db.$executeRaw`
    INSERT INTO "ImportRow" ("accountId", "importId", "row", "status", "cells", "values", "errors", "kept")
    SELECT ${accountId}, ${importId}, x."row", x."status", ARRAY(SELECT jsonb_array_elements_text(x."cells")), x."values", x."errors", x."kept"
      FROM jsonb_to_recordset(${json}::jsonb)
        AS x("row" int, "status" text, "cells" jsonb, "values" jsonb, "errors" jsonb, "kept" jsonb)`;
}

export async function updateChecks(tx: TenantTx, importId: string, accountId: string, checks: RowCheck[]) {
  await tx.$executeRaw`
    UPDATE "ImportRow" r
    SET "status" = x."status", "values" = x."values", "errors" = x."errors", "kept" = x."kept"
    FROM jsonb_to_recordset(${asJson(checks)}::jsonb) AS x("row" int, "status" text, "values" jsonb, "errors" jsonb, "kept" jsonb)
    WHERE r."accountId" = ${accountId} AND r."importId" = ${importId} AND r."row" = x."row"`;
}

/** The rows' counts by status, as the import's figures. */
export async function countRows(db: TenantDb | TenantTx, importId: string) {
  const groups = await db.importRow.groupBy({ by: ["status"], where: { importId }, _count: { _all: true } });
  const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
  const validRows = count("valid");
  const invalidRows = count("invalid");
  return { validRows, invalidRows, totalRows: validRows + invalidRows + count("unchanged") };
}
