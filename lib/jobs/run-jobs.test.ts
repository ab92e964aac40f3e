// The jobs runner itself (decision 0028), over a real outbox table (NoticeEmail) with a handler that
// records what it was given: the lease, the retry delays, the last attempt, two runners at once.
// Every time is the injected clock's, so nothing depends on when the test runs.
import { beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { runJobs, type ClaimedJob, type JobKind, type JobLog, type JobOutcome, type JobSettlement } from "./run-jobs";

const onPostgres = Boolean(process.env.TEST_DATABASE_FILE_URL);
if (!onPostgres)
  console.log("[run-jobs] two runners at once skipped: it needs PostgreSQL (TEST_DATABASE_URL=postgres://…)");

const T0 = new Date("2026-03-02T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

type Row = ClaimedJob & { kind: string };
type Context = {
  handled: string[][];
  /** The outcome of each row handled, by its kind column; done when absent. */
  outcomeOf: (row: Row) => JobOutcome;
  settlements: [string, JobSettlement["kind"]][];
  during?: () => Promise<void>;
};

const testKind: JobKind<Row, Context> = {
  name: "test jobs",
  noun: "test job",
  logFields: (row) => ({ rowId: row.id, kind: row.kind }),
  table: `"NoticeEmail"`,
  idType: "bigint",
  order: `j."id"`,
  returning: `"id", "kind", "attempts"`,
  select: `SELECT c."id"::text AS "id", c."kind", c."attempts" FROM claimed c ORDER BY c."id"`,
  batchSize: 2,
  leaseMs: 60_000,
  retryDelaysMs: [1_000, 10_000],
  handle: async (batch, context) => {
    context.handled.push(batch.map((row) => row.kind));
    await context.during?.();
    return batch.map(context.outcomeOf);
  },
  onSettled: (row, settlement, context) => context.settlements.push([row.kind, settlement.kind]),
};

let tenant: TestTenant;
let userId: string;

beforeEach(async () => {
  tenant = await createTenant();
  userId = (await createMember(tenant.accountId, "attendee")).userId;
});

async function enqueue(...kinds: string[]) {
  for (const kind of kinds) await db.noticeEmail.create({ data: { accountId: tenant.accountId, kind, userId } });
}

function context(outcomeOf: Context["outcomeOf"] = () => ({ done: true })): Context {
  return { handled: [], outcomeOf, settlements: [] };
}

/** What the runner logged, by level. */
const logged: [string, string, Record<string, unknown>][] = [];
const testLog: JobLog = {
  info: (msg, fields) => logged.push(["info", msg, fields]),
  warn: (msg, fields) => logged.push(["warn", msg, fields]),
  error: (msg, fields) => logged.push(["error", msg, fields]),
};
beforeEach(() => {
  logged.length = 0;
});

const run = (ctx: Context, now: Date, batchSize?: number) =>
  runJobs(testKind, { sql: getDatabase().raw, context: ctx, now, batchSize, log: testLog });
const rows = () =>
  db.noticeEmail.findMany({
    where: { accountId: tenant.accountId },
    orderBy: { id: "asc" },
    select: { kind: true, attempts: true, lockedUntil: true },
  });

describe("the runner", () => {
  it("handles every due row in batches, in the order written, and deletes what is done", async () => {
    await enqueue("a", "b", "c", "d", "e");
    const ctx = context();
    expect(await run(ctx, T0)).toBe(5);
    expect(ctx.handled).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(await rows()).toEqual([]);
  });

  it("leases what it claims: a second runner at the same moment finds nothing of it", async () => {
    await enqueue("a", "b");
    const inner = context();
    const outer = context();
    outer.during = async () => void (await run(inner, T0));
    expect(await run(outer, T0)).toBe(2);
    expect(inner.handled).toEqual([]);
  });

  it("settles a skipped row without counting it", async () => {
    await enqueue("a", "gone");
    const ctx = context((row) => (row.kind === "gone" ? { skipped: true } : { done: true }));
    expect(await run(ctx, T0)).toBe(1);
    expect(ctx.settlements).toEqual([
      ["a", "done"],
      ["gone", "skipped"],
    ]);
    expect(await rows()).toEqual([]);
  });

  it("tries a failed row again after each retry delay, not before, and gives it up after the last attempt", async () => {
    await enqueue("flaky");
    const ctx = context(() => ({ failed: "Boom" }));

    expect(await run(ctx, T0)).toBe(0);
    expect(await rows()).toEqual([{ kind: "flaky", attempts: 1, lockedUntil: at(1_000) }]);
    await run(ctx, at(999)); // not yet due
    expect(ctx.handled).toHaveLength(1);

    await run(ctx, at(1_001)); // the 2nd attempt, after the first delay
    expect(await rows()).toEqual([{ kind: "flaky", attempts: 2, lockedUntil: at(11_001) }]);
    await run(ctx, at(11_000));
    expect(ctx.handled).toHaveLength(2);

    await run(ctx, at(11_002)); // the 3rd and last
    expect(ctx.handled).toHaveLength(3);
    expect(await rows()).toEqual([]);
    expect(ctx.settlements).toEqual([
      ["flaky", "retry"],
      ["flaky", "retry"],
      ["flaky", "given_up"],
    ]);
    // the runner logs each retry as a warning and the give-up as an error, with the kind's ids alone
    const id = expect.any(String);
    expect(logged).toEqual([
      ["warn", "test job failed, will retry", { rowId: id, kind: "flaky", attempts: 1, errorName: "Boom" }],
      ["warn", "test job failed, will retry", { rowId: id, kind: "flaky", attempts: 2, errorName: "Boom" }],
      ["error", "test job given up", { rowId: id, kind: "flaky", attempts: 3, errorName: "Boom" }],
    ]);
  });

  it("leaves a batch whose handler throws to its lease, then claims it again", async () => {
    await enqueue("a");
    const failing = context();
    failing.during = () => Promise.reject(new Error("the worker died"));
    await expect(run(failing, T0)).rejects.toThrow("the worker died");
    expect(await rows()).toEqual([{ kind: "a", attempts: 1, lockedUntil: at(60_000) }]);

    const ctx = context();
    expect(await run(ctx, at(59_999))).toBe(0);
    expect(await run(ctx, at(60_001))).toBe(1);
    expect(await rows()).toEqual([]);
  });

  it.runIf(onPostgres)("two runners at once handle each row once", async () => {
    const kinds = Array.from({ length: 30 }, (_, index) => `row-${index}`);
    await enqueue(...kinds);
    const first = context();
    const second = context();
    const slow = async () => new Promise<void>((resolve) => setTimeout(resolve, 5));
    first.during = slow;
    second.during = slow;

    const done = await Promise.all([run(first, T0, 3), run(second, T0, 3)]);
    expect(done[0]! + done[1]!).toBe(30);
    const handled = [...first.handled.flat(), ...second.handled.flat()];
    expect(handled.sort()).toEqual([...kinds].sort());
    expect(first.handled.length).toBeGreaterThan(0);
    expect(second.handled.length).toBeGreaterThan(0);
    expect(await rows()).toEqual([]);
  });
});
