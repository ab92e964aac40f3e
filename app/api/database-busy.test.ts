// What the API answers when the database is up but a request runs out of time waiting for it
// (issue 43 §6.2, docs/decisions/0008): a transaction past its timeout because another connection
// holds its rows locked, a lock or statement timeout set on the database. Every route answers
// 503 Service unavailable with Retry-After, through the one error mapping, never a 500. PostgreSQL
// only: the embedded database has one connection, so nothing else can hold a lock.
import { DateTime } from "luxon";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { db, getDatabase, useDatabase } from "@/lib/db";
import { openPostgres } from "@/lib/db/client";
import { api, type ApiOptions } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl)
  console.log("[database-busy] skipped: holding locks needs PostgreSQL (TEST_DATABASE_URL=postgres://…)");

let tenant: TestTenant;
let attendee: TestMember;
let groupId: string;
let seriesId: string;
let importId: string;

beforeAll(async () => {
  if (!databaseUrl) return;
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  const group = await api("POST", "/groups", { token: tenant.admin.token, body: { name: "Morning" } });
  groupId = group.body.id;
  const event = await api("POST", "/events", {
    token: tenant.admin.token,
    body: { title: "Vinyasa", durationMinutes: 60, capacity: 14 },
  });
  const startsOn = DateTime.now().setZone("Europe/Copenhagen").plus({ days: 3 });
  const series = await api("POST", `/events/${event.body.id}/series`, {
    token: tenant.admin.token,
    body: {
      frequency: "weekly",
      weekdays: [startsOn.weekday % 7],
      localStartTime: "18:00",
      timezone: "Europe/Copenhagen",
      startsOn: startsOn.toISODate(),
      count: 3,
    },
  });
  expect(series.status, series.text).toBe(201);
  seriesId = series.body.series.id;
  const committed = await db.import.create({
    data: { accountId: tenant.accountId, kind: "people", status: "committed", source: "generic", dateFormat: "iso" },
  });
  importId = committed.id;
});

/** A connection of its own that holds `statements`' locks in an open transaction until `release`. */
async function holdLocks(statements: [string, unknown[]][]) {
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await locker.query("BEGIN");
  for (const [text, values] of statements) await locker.query(text, values);
  return {
    /** Statements of other connections waiting for a lock. */
    waiters: async () => {
      await locker.query("SELECT pg_stat_clear_snapshot()"); // in a transaction, statistics are a snapshot
      const { rows } = await locker.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      return Number(rows[0]!.count);
    },
    release: async () => {
      await locker.query("ROLLBACK");
      await locker.end();
    },
  };
}

/** Runs `work` with this process's database on a pool of its own whose connections run `settings`. */
async function withPool<T>(settings: string, work: () => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl!);
  url.searchParams.set("options", settings);
  const running = getDatabase();
  const pool = openPostgres(url.toString(), 4);
  useDatabase(pool);
  try {
    return await work();
  } finally {
    useDatabase(running);
    await pool.close();
  }
}

const answersOf = async (operations: [string, string, ApiOptions][]) =>
  Promise.all(
    operations.map(async ([method, path, options]) => {
      const response = await api(method, path, options);
      return {
        operation: `${method} ${path}`,
        status: response.status,
        body: response.body,
        retryAfter: response.headers.get("retry-after"),
      };
    }),
  );

const unavailable = (operation: string) => ({
  operation,
  status: 503,
  body: { error: "Service unavailable" },
  retryAfter: "1",
});

describe.skipIf(!databaseUrl)("when a request runs out of time waiting for the database", () => {
  it("a transaction past its timeout, its rows locked by another connection: 503 with Retry-After", async () => {
    const locks = await holdLocks([
      [`SELECT 1 FROM "Group" WHERE id = $1 FOR UPDATE`, [groupId]],
      [`SELECT 1 FROM "Series" WHERE id = $1 FOR UPDATE`, [seriesId]],
      [`SELECT 1 FROM "Import" WHERE id = $1 FOR UPDATE`, [importId]],
    ]);
    const token = tenant.admin.token;
    // Prisma's default transaction timeout is 5 s; the locks go once every transaction waits for
    // them and is past it.
    const released = expect
      .poll(locks.waiters, { timeout: 20_000, interval: 50 })
      .toBeGreaterThanOrEqual(4)
      .then(() => new Promise((resolve) => setTimeout(resolve, 5_500)))
      .then(() => locks.release());
    const answers = await answersOf([
      ["PATCH", `/groups/${groupId}`, { token, body: { name: "Evening" } }],
      ["POST", `/groups/${groupId}/users/${attendee.userId}`, { token }],
      ["PATCH", `/series/${seriesId}`, { token, body: { status: "paused" } }],
      ["POST", `/imports/${importId}/invite`, { token }],
    ]);
    await released;

    expect(answers).toEqual([
      unavailable(`PATCH /groups/${groupId}`),
      unavailable(`POST /groups/${groupId}/users/${attendee.userId}`),
      unavailable(`PATCH /series/${seriesId}`),
      unavailable(`POST /imports/${importId}/invite`),
    ]);
    // Nothing was written, and the same routes work again once the locks are gone.
    expect((await db.group.findUniqueOrThrow({ where: { id: groupId } })).name).toBe("Morning");
    expect((await api("PATCH", `/groups/${groupId}`, { token, body: { name: "Evening" } })).status).toBe(200);
  }, 60_000);

  it.each([
    ["a lock_timeout", "-c lock_timeout=100"],
    ["a statement_timeout", "-c statement_timeout=100"],
  ])("%s set on the database ends a statement waiting for a lock: 503 with Retry-After", async (_name, settings) => {
    const token = tenant.admin.token;
    const locks = await holdLocks([
      [`LOCK TABLE "Membership" IN ACCESS EXCLUSIVE MODE`, []],
      [`SELECT 1 FROM "Group" WHERE id = $1 FOR UPDATE`, [groupId]],
    ]);
    try {
      const answers = await withPool(settings, () =>
        answersOf([
          ["GET", "/users", { token }],
          ["GET", "/groups", { token }],
          ["PATCH", `/groups/${groupId}`, { token, body: { name: "Noon" } }],
        ]),
      );
      expect(answers).toEqual([
        unavailable("GET /users"),
        unavailable("GET /groups"),
        unavailable(`PATCH /groups/${groupId}`),
      ]);
    } finally {
      await locks.release();
    }
  });
});
