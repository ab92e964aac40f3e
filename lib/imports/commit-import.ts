import "server-only";
import type { Import } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { wakeJobs } from "@/lib/jobs/wake";
import { runJobs, type ClaimedJob, type JobKind, type JobOutcome } from "@/lib/jobs/run-jobs";
import { log } from "@/lib/log";
import { kindImportOf } from "./check-rows";
import { throughImportGate } from "./import-gate";
import type { DateFormat } from "./import-dates";
import type { WrittenRow } from "./import-kind";
import type { ImportKind } from "./recognize-header";

/** Rows written per transaction: all of a batch or none of it. */
export const COMMIT_BATCH = 500;
/** Batches one claim writes before the import waits for the next run (other work is not held up). */
const BATCHES_PER_CLAIM = 20;
/** Longer than BATCHES_PER_CLAIM batches take: a process that dies mid-commit leaves it to the next claim. */
const LEASE_MS = 120_000;

/**
 * Starts writing an import's valid rows (invalid ones are skipped): `committing`, claimed by this
 * request for its first batch, so a file of up to COMMIT_BATCH rows is `committed` at once; the
 * jobs runner writes the rest. 409 `Import is not in preview` a second time. In turn with the
 * process's other imports (import-gate.ts: 503 when too many wait, the import still previewed).
 */
export function commitImport({ db, importId }: { db: TenantDb; importId: string }): Promise<Import> {
  return throughImportGate(() => startCommit(db, importId));
}

async function startCommit(db: TenantDb, importId: string): Promise<Import> {
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
  if (after.status === "committing") wakeJobs();
  return after;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : "Error");

type CommitJob = ClaimedJob & { accountId: string };
type CommitOptions = {
  batchesPerClaim?: number;
  batchSize?: number;
  now?: () => Date;
  /** Tests' stand-in for a process dying mid-commit: this batch of a claim (1-based) fails before its transaction commits. */
  crashAtBatch?: number;
};

/** An import being committed is a job of its own row (decision 0028): due while `committing`. */
const importCommitJobs: JobKind<CommitJob, CommitOptions> = {
  name: "import commits",
  table: `"Import"`,
  idType: "text",
  due: `j."status" = 'committing'`,
  order: `j."createdAt", j."id"`,
  returning: `"id", "accountId", "attempts"`,
  select: `SELECT c."id", c."accountId", c."attempts" FROM claimed c`,
  batchSize: 1,
  leaseMs: LEASE_MS,
  retryDelaysMs: [5_000, 30_000, 120_000, 600_000],
  async handle(batch, options) {
    const outcomes: JobOutcome[] = [];
    for (const job of batch) {
      try {
        await writeSlice(job, options);
        outcomes.push({ done: true });
      } catch (error) {
        outcomes.push({ failed: errorName(error) });
      }
    }
    return outcomes;
  },
  async settle(sql, settled, now) {
    for (const [job, settlement] of settled) {
      if (settlement.kind === "retry") {
        log.warn("import commit failed, will retry", { importId: job.id, errorName: settlement.errorName });
        await sql.query({
          text: `UPDATE "Import" SET "lockedUntil" = COALESCE($2::timestamp, now()::timestamp) + $3::int * interval '1 millisecond' WHERE "id" = $1`,
          values: [job.id, now, settlement.afterMs],
        });
      } else if (settlement.kind === "given_up") {
        log.error("import commit given up", { importId: job.id, errorName: settlement.errorName });
        await sql.query({
          text: `UPDATE "Import" SET "status" = 'failed', "lockedUntil" = NULL WHERE "id" = $1`,
          values: [job.id],
        });
      } else {
        // progress made: due again at once while rows remain (attempts count failures in a row)
        await sql.query({
          text: `UPDATE "Import" SET "lockedUntil" = NULL, "attempts" = 0 WHERE "id" = $1`,
          values: [job.id],
        });
      }
    }
  },
};

/**
 * Writes the imports being committed, a slice of each per claim, and resolves with how many slices
 * were written: the jobs runner calls it (lib/jobs/app-jobs.ts) and runs again while it did work, so
 * a long commit holds up no other work. `untilNoneDue` (tests, the bench) keeps claiming until no
 * import is due.
 */
export async function commitWaitingImports(
  options: CommitOptions & { sql?: RawSql; untilNoneDue?: boolean } = {},
): Promise<number> {
  const run = () =>
    runJobs(importCommitJobs, { sql: options.sql ?? getDatabase().raw, context: options, now: options.now });
  let slices = await run();
  for (let done = slices; options.untilNoneDue && done > 0; slices += done) done = await run();
  return slices;
}

/**
 * Writes up to `batchesPerClaim` batches of the import's unwritten valid rows, each batch in one
 * transaction with the rows' outcomes (a process dying mid-batch writes none of it, and the next
 * claim takes the batch up again); when none remains, the import is `committed` with its figures.
 */
async function writeSlice(job: CommitJob, options: CommitOptions): Promise<void> {
  const db = tenantDb(job.accountId);
  const record = await db.import.findUnique({ where: { id: job.id } });
  if (!record || record.status !== "committing") return;
  const { timezone } = await db.account.findUniqueOrThrow({ where: { id: job.accountId }, select: { timezone: true } });
  const kindImport = kindImportOf(record.kind as ImportKind);
  const context = {
    accountId: job.accountId,
    importId: record.id,
    timezone,
    dateFormat: record.dateFormat as DateFormat,
    now: options.now?.() ?? new Date(),
  };
  for (let batch = 0; batch < (options.batchesPerClaim ?? BATCHES_PER_CLAIM); batch++) {
    const batchSize = options.batchSize ?? COMMIT_BATCH;
    const wrote = await db.$transaction(
      async (tx) => {
        // locked: a second process whose claim came after this one's lease waits, then takes the rows after these
        const rows = await tx.$queryRaw<{ row: number; values: Record<string, string> }[]>`
          SELECT "row", "values" FROM "ImportRow"
           WHERE "accountId" = ${record.accountId} AND "importId" = ${record.id}
             AND "outcome" IS NULL AND "status" IN ('valid', 'unchanged')
           ORDER BY "row" LIMIT ${batchSize} FOR UPDATE`;
        if (rows.length === 0) return 0;
        const written = await kindImport.write(tx, rows, context);
        await recordOutcomes(tx, record, written);
        if (options.crashAtBatch === batch + 1) throw new Error("process died mid-commit");
        return rows.length;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
    if (wrote < batchSize) return finish(db, record.id, options.now?.() ?? new Date()); // none left
  }
}

async function recordOutcomes(
  tx: Parameters<Parameters<TenantDb["$transaction"]>[0]>[0],
  record: Import,
  written: WrittenRow[],
) {
  await tx.$executeRaw`
    UPDATE "ImportRow" r SET "outcome" = x."outcome", "userId" = x."userId"
    FROM jsonb_to_recordset(${JSON.stringify(written)}::jsonb) AS x("row" int, "outcome" text, "userId" text)
    WHERE r."accountId" = ${record.accountId} AND r."importId" = ${record.id} AND r."row" = x."row"`;
}

async function finish(db: TenantDb, importId: string, now: Date): Promise<void> {
  const groups = await db.importRow.groupBy({ by: ["outcome"], where: { importId }, _count: { _all: true } });
  const count = (outcome: string) => groups.find((group) => group.outcome === outcome)?._count._all ?? 0;
  await db.import.updateMany({
    where: { id: importId, status: "committing" },
    data: {
      status: "committed",
      committedAt: now,
      created: count("created"),
      updated: count("updated"),
      unchanged: count("unchanged"),
    },
  });
}
