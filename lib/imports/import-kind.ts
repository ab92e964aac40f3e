// What every kind of import shares: a row as read, its check, and what writing it came to.
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { unescapeFormula } from "@/lib/exports/formula-escape";
import type { DateFormat } from "./import-dates";
import type { Column, ImportField } from "./recognize-header";

export type RowIssue = { field: string; code: string; message: string };
export type RowStatus = "valid" | "invalid" | "unchanged";

/** A checked row: the values by field, what is wrong with it, and (people) a member's own data kept. */
export type RowCheck = {
  row: number;
  status: RowStatus;
  values: Record<string, string>;
  errors: RowIssue[];
  kept: RowIssue[];
};

export type RowOutcome = "created" | "updated" | "unchanged" | "skipped";
export type WrittenRow = { row: number; outcome: RowOutcome; userId: string | null };

export type CheckContext = {
  db: TenantDb | TenantTx;
  accountId: string;
  timezone: string;
  dateFormat: DateFormat;
  /** The first row of each normalized email (or other key) seen so far: a later one is listed twice. */
  seen: Map<string, number>;
  now: Date;
};

export type WriteContext = { accountId: string; importId: string; timezone: string; dateFormat: DateFormat; now: Date };

export type KindImport = {
  /** Checks a batch of rows in file order (values already taken from their columns). */
  check: (rows: { row: number; values: Record<string, string> }[], context: CheckContext) => Promise<RowCheck[]>;
  /** Writes a batch of checked rows (valid or unchanged) in the caller's transaction. */
  write: (
    tx: TenantTx,
    rows: { row: number; values: Record<string, string> }[],
    context: WriteContext,
  ) => Promise<WrittenRow[]>;
};

export const issue = (field: string, code: string, message: string): RowIssue => ({ field, code, message });

/** A row's values: the cell of each column mapped to a field, trimmed. */
/**
 * The apostrophe a CSV export puts before a cell a spreadsheet would run as a formula (=, +, -, @,
 * tab, CR first: ours do, lib/exports/csv-text.ts, as csv-stringify `escape_formulas` writes it):
 * read back, the value is what was guarded, "+45 20 30 40 50" and not "'+45 20 30 40 50".
 */
export function valuesOf(cells: string[], columns: Column[]): Record<string, string> {
  const values: Record<string, string> = {};
  columns.forEach((column, index) => {
    if (column.field) values[column.field as ImportField] = unescapeFormula(cells[index] ?? "").trim();
  });
  return values;
}

export function checked(
  row: number,
  values: Record<string, string>,
  errors: RowIssue[],
  kept: RowIssue[] = [],
  unchanged = false,
): RowCheck {
  const status: RowStatus = errors.length > 0 ? "invalid" : unchanged ? "unchanged" : "valid";
  return { row, status, values, errors, kept };
}
