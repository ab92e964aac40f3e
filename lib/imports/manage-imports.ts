import "server-only";
import type { Import } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { createdBefore, newestFirst, toPage, type CreatedKey, type Page } from "@/lib/schemas/page";
import type { RowIssue, RowStatus } from "./import-kind";

export async function getImportOrThrow({ db, importId }: { db: TenantDb; importId: string }): Promise<Import> {
  const found = await db.import.findUnique({ where: { id: importId } });
  if (!found) throw new AppError("not_found");
  return found;
}

/** The sort key of the imports: when made, then the id, both descending. */
export type ImportKey = CreatedKey;

/**
 * The account's imports, newest first (then by id): all of them, or `limit` of them after `after`, a
 * keyset page, so Settings › Import reads the imports of years a page at a time.
 */
export async function listImports({
  db,
  limit,
  after,
}: {
  db: TenantDb;
  limit?: number;
  after?: ImportKey;
}): Promise<Page<Import, ImportKey>> {
  const rows = await db.import.findMany({
    where: createdBefore(after),
    orderBy: newestFirst(),
    take: limit === undefined ? undefined : limit + 1,
  });
  return toPage(rows, limit, (row): ImportKey => [row.createdAt, row.id]);
}

export type ImportRowDto = {
  row: number;
  status: RowStatus;
  values: Record<string, string>;
  errors: RowIssue[];
  kept: RowIssue[];
};

/** An import's rows in file order, of one status or all, a keyset page after row `after`. */
export async function listImportRows({
  db,
  importId,
  status,
  limit,
  after,
}: {
  db: TenantDb;
  importId: string;
  status?: RowStatus;
  limit?: number;
  after?: number;
}): Promise<Page<ImportRowDto, [number]>> {
  await getImportOrThrow({ db, importId });
  const rows = await db.importRow.findMany({
    where: { importId, ...(status ? { status } : {}), ...(after !== undefined ? { row: { gt: after } } : {}) },
    orderBy: { row: "asc" },
    take: limit === undefined ? undefined : limit + 1,
    select: { row: true, status: true, values: true, errors: true, kept: true },
  });
  return toPage(rows as ImportRowDto[], limit, (row) => [row.row] as [number]);
}

/** Deletes the import and its rows; what it wrote stays. */
export async function deleteImport({ db, importId }: { db: TenantDb; importId: string }): Promise<void> {
  const { count } = await db.import.deleteMany({ where: { id: importId } });
  if (count === 0) throw new AppError("not_found");
}

/** How far a commit has come: rows written of the rows to write (valid and unchanged). */
export async function importProgress({ db, importId }: { db: TenantDb; importId: string }) {
  const [written, total] = await Promise.all([
    db.importRow.count({ where: { importId, outcome: { not: null } } }),
    db.importRow.count({ where: { importId, status: { in: ["valid", "unchanged"] } } }),
  ]);
  return { written, total };
}
