import "server-only";
import type { Import } from "@prisma/client";
import type { RawSql } from "@/lib/db/raw-sql";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { appJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type ClaimedJob, type JobKind, type JobOutcome } from "@/lib/jobs/run-jobs";
import { kindImportOf } from "./check-rows";
import type { DateFormat } from "./import-dates";
import type { WrittenRow } from "./import-kind";
import type { ImportKind } from "./recognize-header";

/** Rows written per transaction: all of a batch or none of it. */
export const COMMIT_BATCH = 500;
/** Batches one claim writes before the import waits for the next run (other work is not held up). */
const BATCHES_PER_CLAIM = 20;
/** Longer than BATCHES_PER_CLAIM batches take: a process that dies mid-commit leaves it to the next claim. */
export const LEASE_MS = 120_000;

export const errorName = (error: unknown) => (error instanceof Error ? error.name : "Error");

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
  noun: "import commit",
  logFields: (job) => ({ importId: job.id }),
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
        await sql.query({
          text: `UPDATE "Import" SET "lockedUntil" = COALESCE($2::timestamp, now()::timestamp) + $3::int * interval '1 millisecond' WHERE "id" = $1`,
          values: [job.id, now, settlement.afterMs],
        });
      } else if (settlement.kind === "given_up") {
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
  const run = () => {
    const app = appJobOptions();
    return runJobs(importCommitJobs, { sql: options.sql ?? app.sql, log: app.log, context: options, now: options.now });
  };
  let slices = await run();
  for (let done = slices; options.untilNoneDue && done > 0; slices += done) done = await run();
  return slices;
}

/**
 * Writes up to `batchesPerClaim` batches of the import's unwritten valid rows, each batch in one
 * transaction with the rows' outcomes (a process dying mid-batch writes none of it, and the next
 * claim takes the batch up again); when none remains, the import is `committed` with its figures.
 */
export async function writeSlice(job: CommitJob, options: CommitOptions): Promise<void> {
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
