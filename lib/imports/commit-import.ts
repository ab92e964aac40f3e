import "server-only";
import type { Import } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { assertRequiredMapped } from "./check-rows";
import { throughImportGate } from "./import-gate";
import { columnsOf, type ImportKind } from "./recognize-header";
import { errorName, LEASE_MS, writeSlice } from "./import-commit-jobs";

/**
 * Starts writing an import's valid rows (invalid ones are skipped): `committing`, claimed by this
 * request for its first batch, so a file of up to COMMIT_BATCH rows is `committed` at once; the
 * jobs runner writes the rest. 409 `Import is not in preview` a second time; 400
 * `import_field_unmapped` while a required field has no column (the mapping step comes first). In turn with the
 * process's other imports (import-gate.ts: 503 when too many wait, the import still previewed).
 */
export function commitImport({ db, importId }: { db: TenantDb; importId: string }): Promise<Import> {
  return throughImportGate(() => startCommit(db, importId));
}

async function startCommit(db: TenantDb, importId: string): Promise<Import> {
  const previewed = await db.import.findUnique({ where: { id: importId } });
  if (previewed?.status === "previewed") assertRequiredMapped(previewed.kind as ImportKind, columnsOf(previewed));
  const { count } = await db.import.updateMany({
    where: { id: importId, status: "previewed" },
    data: { status: "committing", attempts: 1, lockedUntil: new Date(Date.now() + LEASE_MS) },
  });
  if (count === 0) {
    if (await db.import.findUnique({ where: { id: importId }, select: { id: true } }))
      throw new AppError("import_not_in_preview");
    throw new AppError("not_found");
  }
  const record = await db.import.findUniqueOrThrow({ where: { id: importId } });
  try {
    await writeSlice({ id: record.id, accountId: record.accountId, attempts: 1 }, { batchesPerClaim: 1 });
  } catch (error) {
    log.warn("import commit's first batch failed, the jobs runner retries it", {
      importId,
      errorName: errorName(error),
    });
  }
  const after = await db.import.update({ where: { id: importId }, data: { lockedUntil: null, attempts: 0 } });
  return after;
}
