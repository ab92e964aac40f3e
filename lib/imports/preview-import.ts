import "server-only";
import type { Import } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";
import { CHECK_BATCH, checkCells, countRows, insertChecks } from "./check-rows";
import { detectDateFormat } from "./import-dates";
import { throughImportGate } from "./import-gate";
import { readCsv, type CsvRecord, type CsvSource } from "./read-csv";
import { looksLikeData, recognizeHeader, type Column, type ImportKind } from "./recognize-header";

/** As many columns as PATCH takes. */
const MAX_COLUMNS = 500;
const DATE_FIELDS = new Set(["dateOfBirth", "validUntil", "validFrom", "nextRenewal", "date"]);

/**
 * Reads and checks every row of an uploaded file and keeps the import and its rows (`previewed`);
 * nothing else is written. 400 for an empty file, a first row that is no header, or a line longer
 * than 64 kB; a required field no column holds is left for the mapping step (`unmappedFields`). A failure part-way leaves no import behind.
 * The file is read as it arrives, its rows kept a batch at a time, and in turn with the process's
 * other imports (import-gate.ts: 503 when too many wait).
 */
export async function previewImport({
  db,
  accountId,
  kind,
  file,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  kind: ImportKind;
  file: CsvSource;
  now?: Date;
}): Promise<Import> {
  return throughImportGate(async () => {
    const batches = readCsv(file).batches(CHECK_BATCH);
    try {
      return await readAndCheck({ db, accountId, kind, batches, now });
    } finally {
      await batches.return(undefined); // a refusal part-way ends the parser and its stream at once
    }
  });
}

async function readAndCheck({
  db,
  accountId,
  kind,
  batches,
  now,
}: {
  db: TenantDb;
  accountId: string;
  kind: ImportKind;
  batches: AsyncGenerator<CsvRecord[]>;
  now: Date;
}): Promise<Import> {
  const first = await batches.next();
  const [header, ...rows] = first.done ? [] : first.value;
  if (!header || rows.length === 0) throw invalidFile("import_empty");
  if (looksLikeData(header.cells)) throw invalidFile("import_no_header");
  if (header.cells.length > MAX_COLUMNS)
    throw new AppError("validation_failed", {
      details: [ruleDetail("body", "import_too_many_columns", { maximum: MAX_COLUMNS })],
    });
  // a required field no column holds is the mapping step's question (every row invalid until PATCH answers it)
  const { source, columns } = recognizeHeader(kind, header.cells);
  const { timezone } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } });
  const created = await db.import.create({
    data: {
      accountId,
      kind,
      source,
      headers: header.cells,
      fields: columns.map((column) => column.field ?? ""),
      dateFormat: detectDateFormat(dateSamples(rows, columns), source),
    },
  });
  try {
    const context = { db, accountId, timezone, dateFormat: created.dateFormat as never, seen: new Map(), now };
    for (let batch: CsvRecord[] | undefined = rows; batch;) {
      await insertChecks(db, created.id, accountId, batch, await checkCells(kind, batch, columns, context));
      const next = await batches.next();
      batch = next.done ? undefined : next.value;
    }
    return await db.import.update({ where: { id: created.id }, data: await countRows(db, created.id) });
  } catch (error) {
    await db.import.delete({ where: { id: created.id } }).catch(() => undefined);
    throw error;
  }
}

function invalidFile(code: "import_empty" | "import_no_header") {
  return new AppError("validation_failed", { details: [ruleDetail("body", code)] });
}

function dateSamples(rows: CsvRecord[], columns: Column[]): string[] {
  const indexes = columns.flatMap((column, index) => (column.field && DATE_FIELDS.has(column.field) ? [index] : []));
  return rows.flatMap(({ cells }) => indexes.map((index) => cells[index] ?? ""));
}
