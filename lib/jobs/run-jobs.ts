// The one runner of background work (decision 0028): claims a kind's due rows with a lease (FOR
// UPDATE SKIP LOCKED), hands them to the kind's handler a batch at a time, and settles each one:
// done, due again after the kind's next retry delay, or given up after its last attempt. Plain SQL
// (RawSql) and no server-only: any number of processes run it at once, on PGlite or PostgreSQL,
// and the bench's raw server drains the same way.
import type { RawSql } from "@/lib/db/raw-sql";

/** One claimed row: its id (as text) and the attempts counted, this one included. */
export type ClaimedJob = { id: string; attempts: number };

/** What handling one row came to: done, skipped (no longer to be done), or failed (the error's name). */
export type JobOutcome = { done: true } | { skipped: true } | { failed: string };

/**
 * Where the runner writes what became of a row tried again (warn) or given up (error): the app's
 * log (lib/log.ts) or, without one (the bench's raw server), the console. Ids and names only.
 */
export type JobLog = Record<"info" | "warn" | "error", (msg: string, fields: Record<string, unknown>) => void>;

/** Without the app's log: failures only, on the console. */
export const consoleJobLog: JobLog = {
  info: () => undefined,
  warn: (msg, fields) => console.warn(`${msg}: ${JSON.stringify(fields)}`),
  error: (msg, fields) => console.error(`${msg}: ${JSON.stringify(fields)}`),
};

/** How the runner settled a row: what a kind reports and, with its own `settle`, writes. */
export type JobSettlement =
  | { kind: "done" }
  | { kind: "skipped" }
  | { kind: "retry"; afterMs: number; errorName: string }
  | { kind: "given_up"; errorName: string };

/**
 * A kind of background work: where its rows wait, which are due, how one batch is handled, and
 * how often a failure is tried again. Its table has a key (`"id"` unless `key` says otherwise),
 * `"attempts"` and `"lockedUntil"`.
 */
export type JobKind<Job extends ClaimedJob, Context, Outcome extends JobOutcome = JobOutcome> = {
  /** Plural words for the log: "booking emails". */
  name: string;
  /** One row in the log's words: "booking email" (`… will retry`, `… given up`). */
  noun: string;
  /**
   * What a failed row is logged with beside its attempts and error name: ids, never an address, a
   * name or a body.
   */
  logFields: (job: Job, outcome: Outcome | undefined) => Record<string, string | number | boolean | null>;
  /** The table, quoted: `"BookingEmail"`. Its rows are `j` in `join`, `due` and `order`. */
  table: string;
  /** The type of its key column. */
  idType: "bigint" | "text";
  /** Its key column, quoted, when not `"id"` (a table whose rows are more than jobs). */
  key?: string;
  /** Joined to find the due rows (`JOIN "Webhook" w ON …`); only `j` is locked. */
  join?: string;
  /** Which rows are due besides their lease, in SQL over `j` with `$1` the time (`timestamp`). */
  due?: string;
  /** The order rows are claimed in: one booking's emails in the order they were written. */
  order: string;
  /** The claimed rows' columns the select needs. */
  returning: string;
  /**
   * What handling needs, selected from the CTE `claimed c` (in claim order): at least
   * `c."id"::text AS "id"` and `c."attempts"`.
   */
  select: string;
  batchSize: number;
  /** Longer than a batch takes: a process that dies mid-batch leaves its rows to a claim after it. */
  leaseMs: number;
  /** Waits after the 1st, 2nd, … failed attempt; after the last the row is given up. */
  retryDelaysMs: readonly number[];
  /** Handles a batch: one outcome per row, in order. A rejection leaves the whole batch to its lease. */
  handle: (batch: Job[], context: Context, now: Date | null) => Promise<Outcome[]>;
  /**
   * What becomes of a row done or given up, as the start of a statement the runner ends with its
   * key's `WHERE`: deleted (`DELETE FROM` the table) unless this says otherwise.
   */
  finished?: string;
  /**
   * Writes the settlements; by default a row done or given up is finished (`finished`) and a row to
   * retry is leased until its next attempt.
   */
  settle?: (sql: RawSql, settled: Settled<Job, Outcome>[], now: Date | null, context: Context) => Promise<void>;
  /** Each settlement as it is made, after the runner logged a retry or a give-up (a kind's metrics). */
  onSettled?: (job: Job, settlement: JobSettlement, context: Context) => void;
};

export type RunOptions<Context> = {
  sql: RawSql;
  context: Context;
  /** The time, or a clock read before each claim; without one, the database's. */
  now?: Date | (() => Date);
  batchSize?: number;
  /** Where retries and give-ups are logged; the console without one. */
  log?: JobLog;
};

/** A handled row, how the runner settled it, and what its handler said. */
export type Settled<Job, Outcome> = [Job, JobSettlement, Outcome | undefined];

/** How many attempts a kind makes: one, then one after each retry delay. */
export const maxAttempts = (kind: { retryDelaysMs: readonly number[] }): number => kind.retryDelaysMs.length + 1;

/**
 * Handles the kind's due rows, a batch at a time, until none is due; returns how many were done
 * (not skipped).
 * The next batch is claimed while this one is handled (under load a claim waits for a pooled
 * connection behind the requests, and the handler should not wait with it); batches are handled
 * one after another, in claim order. At least once: each row keeps its id across attempts, so a
 * handler that uses it as the message's id makes a repeat harmless.
 */
export async function runJobs<Job extends ClaimedJob, Context, Outcome extends JobOutcome>(
  kind: JobKind<Job, Context, Outcome>,
  options: RunOptions<Context>,
): Promise<number> {
  const limit = options.batchSize ?? kind.batchSize;
  const clock = () =>
    options.now === undefined ? null : typeof options.now === "function" ? options.now() : options.now;
  let done = 0;
  let now = clock();
  let batch = await claimJobs<Job>(kind, options.sql, now, limit);
  while (batch.length > 0) {
    const nextNow = clock();
    const claimingNext = batch.length < limit ? undefined : claimJobs<Job>(kind, options.sql, nextNow, limit);
    claimingNext?.catch(() => undefined); // awaited below: a failure meanwhile is not an unhandled rejection
    const outcomes = await kind.handle(batch, options.context, now).catch(async (error: unknown) => {
      await claimingNext?.catch(() => undefined); // its rows wait out their lease
      throw error;
    });
    const settled = batch.map((job, index): Settled<Job, Outcome> => [
      job,
      settlementOf(kind, job, outcomes[index]),
      outcomes[index],
    ]);
    await (kind.settle ?? settleOutboxRows(kind))(options.sql, settled, now, options.context);
    for (const [job, settlement, outcome] of settled) {
      if (settlement.kind === "retry" || settlement.kind === "given_up")
        logFailure(options.log ?? consoleJobLog, kind, job, settlement, outcome);
      if (settlement.kind === "given_up") countGivenUp(kind.name);
      kind.onSettled?.(job, settlement, options.context);
    }
    done += settled.filter(([, settlement]) => settlement.kind === "done").length;
    batch = claimingNext ? await claimingNext : [];
    now = nextNow;
  }
  return done;
}

/** A row to try again is a warning, one given up an error; logging never fails the run. */
function logFailure<Job extends ClaimedJob, Outcome extends JobOutcome>(
  log: JobLog,
  kind: Pick<JobKind<Job, never, Outcome>, "noun" | "logFields">,
  job: Job,
  settlement: JobSettlement & { kind: "retry" | "given_up" },
  outcome: Outcome | undefined,
): void {
  try {
    const fields = { ...kind.logFields(job, outcome), attempts: job.attempts, errorName: settlement.errorName };
    if (settlement.kind === "given_up") log.error(`${kind.noun} given up`, fields);
    else log.warn(`${kind.noun} failed, will retry`, fields);
  } catch {
    // the row is settled whatever the log does
  }
}

// Rows given up, by kind name, since the process started (the metrics' jobs_given_up_total): the
// kinds keep no common record of a give-up (an email's row is deleted, a webhook's marked failed).
// On globalThis: Next's bundles may each hold a copy of this module.
const holder = globalThis as typeof globalThis & { __studioJobsGivenUp?: Map<string, number> };
const givenUp = (holder.__studioJobsGivenUp ??= new Map());

function countGivenUp(kindName: string): void {
  givenUp.set(kindName, (givenUp.get(kindName) ?? 0) + 1);
}

/** Rows this process gave up since it started, by their kind's name. */
export function jobsGivenUp(): ReadonlyMap<string, number> {
  return givenUp;
}

function settlementOf(
  kind: { retryDelaysMs: readonly number[] },
  job: ClaimedJob,
  outcome: JobOutcome | undefined,
): JobSettlement {
  if (outcome && "done" in outcome) return { kind: "done" };
  if (outcome && "skipped" in outcome) return { kind: "skipped" };
  const errorName = outcome ? outcome.failed : "NoOutcome";
  if (job.attempts >= maxAttempts(kind)) return { kind: "given_up", errorName };
  return { kind: "retry", afterMs: kind.retryDelaysMs[job.attempts - 1]!, errorName };
}

/** Leases up to `limit` due rows (the attempt counted) and selects what handling them needs, in one statement. */
export function claimJobs<Job extends ClaimedJob>(
  kind: Pick<JobKind<Job, never>, "table" | "key" | "join" | "due" | "order" | "returning" | "select" | "leaseMs">,
  sql: RawSql,
  now: Date | null,
  limit: number,
): Promise<Job[]> {
  const at = `COALESCE($1::timestamp, now()::timestamp)`;
  const key = kind.key ?? `"id"`;
  return sql.query<Job>({
    text: `
    WITH claimed AS (
      UPDATE ${kind.table}
      SET "lockedUntil" = ${at} + $2::int * interval '1 millisecond', "attempts" = "attempts" + 1
      WHERE ${key} IN (
        SELECT j.${key} FROM ${kind.table} j ${kind.join ?? ""}
        WHERE (j."lockedUntil" IS NULL OR j."lockedUntil" < ${at}) ${kind.due ? `AND (${kind.due})` : ""}
        ORDER BY ${kind.order} LIMIT $3::int
        FOR UPDATE OF j SKIP LOCKED
      )
      RETURNING ${kind.returning}
    )
    ${kind.select}`,
    values: [now, kind.leaseMs, limit],
  });
}

/**
 * The default settling: rows done or given up are finished (deleted unless the kind says how); a
 * row to retry keeps its lease until its next attempt is due.
 */
export function settleOutboxRows({
  table,
  idType,
  key = `"id"`,
  finished: finishing = `DELETE FROM ${table}`,
}: Pick<JobKind<ClaimedJob, never>, "table" | "idType" | "key" | "finished">) {
  return async (sql: RawSql, settled: Settled<ClaimedJob, unknown>[], now: Date | null): Promise<void> => {
    const finished = settled.filter(([, settlement]) => settlement.kind !== "retry").map(([job]) => job.id);
    if (finished.length > 0)
      await sql.query({ text: `${finishing} WHERE ${key} = ANY($1::${idType}[])`, values: [finished] });
    for (const [job, settlement] of settled) {
      if (settlement.kind !== "retry") continue;
      await sql.query({
        text: `UPDATE ${table} SET "lockedUntil" = COALESCE($2::timestamp, now()::timestamp) + $3::int * interval '1 millisecond'
          WHERE ${key} = $1::${idType}`,
        values: [job.id, now, settlement.afterMs],
      });
    }
  };
}
