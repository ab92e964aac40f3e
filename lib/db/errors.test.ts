import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, type Database } from "@/lib/db";
import { openPostgres } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { closedPort, fakePostgres } from "@/tests/helpers/fake-postgres";
import { createTenant } from "@/tests/helpers/fixtures";
import { allowLogged } from "@/tests/helpers/logs";
import {
  databaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  type DatabaseUnavailable,
} from "@/lib/db/errors";

describe("isForeignKeyViolation", () => {
  it("recognizes the error of a write that refers to a missing row, on this database", async () => {
    const tenant = await createTenant();
    const error = await db.groupMember
      .create({ data: { accountId: tenant.accountId, groupId: "deleted-meanwhile", userId: tenant.admin.userId } })
      .catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it("does not take other errors for one", async () => {
    const tenant = await createTenant();
    const duplicate = await db.membership
      .create({ data: { accountId: tenant.accountId, userId: tenant.admin.userId, persona: "attendee" } })
      .catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(duplicate)).toBe(false);
    expect(isForeignKeyViolation(new Error("boom"))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("recognizes a duplicate key on this database, and nothing else", async () => {
    const tenant = await createTenant();
    const duplicate = await db.membership
      .create({ data: { accountId: tenant.accountId, userId: tenant.admin.userId, persona: "attendee" } })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
  });
});

describe("sqlState of a raw query", () => {
  it("reads the driver's SQLSTATE, not Prisma's P2010 wrapper", async () => {
    const tenant = await createTenant();
    const error =
      await db.$executeRaw`INSERT INTO "Membership" ("accountId", "userId", "persona") VALUES (${tenant.accountId}, ${tenant.admin.userId}, 'attendee')`.catch(
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe("databaseUnavailable, on the errors an unavailable PostgreSQL gives each path", () => {
  const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
  const previousTimeout = process.env.DATABASE_POOL_TIMEOUT_MS;
  beforeAll(() => {
    process.env.DATABASE_POOL_TIMEOUT_MS = "300"; // read by openPostgres
    resetEnvCache();
  });
  afterAll(() => {
    if (previousTimeout === undefined) delete process.env.DATABASE_POOL_TIMEOUT_MS;
    else process.env.DATABASE_POOL_TIMEOUT_MS = previousTimeout;
    resetEnvCache();
  });

  const failure = (work: () => Promise<unknown>) =>
    work().then(
      () => "no error",
      (error: unknown) => error,
    );

  /** The error of each way the code reaches the database: a Prisma query, raw SQL, a transaction. */
  async function errorsOfEveryPath(database: Database): Promise<Record<string, unknown>> {
    return {
      "Prisma query": await failure(() => database.prisma.account.findFirst()),
      "Prisma raw query": await failure(() => database.prisma.$queryRaw`SELECT 1`),
      "raw SQL (lib/db/raw-sql.ts)": await failure(() => database.raw.query({ text: "SELECT 1", values: [] })),
      transaction: await failure(() => database.prisma.$transaction((tx) => tx.account.findFirst())),
    };
  }

  async function expectEveryPath(database: Database, expected: DatabaseUnavailable["reason"]) {
    for (const [path, error] of Object.entries(await errorsOfEveryPath(database))) {
      expect(databaseUnavailable(error)?.reason, `${path}: ${String(error)}`).toBe(expected);
    }
  }

  it("unreachable: nothing listens on the port (the server is stopped)", async () => {
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/x`, 2);
    await expectEveryPath(database, "unreachable");
    await database.close();
  });

  it("unreachable: the server refuses connections while it starts up or shuts down (57P03)", async () => {
    const server = await fakePostgres("starting");
    const database = openPostgres(server.url, 2);
    await expectEveryPath(database, "unreachable");
    await database.close();
    await server.close();
  });

  it("unreachable: the server does not answer a new connection within DATABASE_POOL_TIMEOUT_MS", async () => {
    const server = await fakePostgres("silent");
    const database = openPostgres(server.url, 2);
    await expectEveryPath(database, "unreachable");
    await database.close();
    await server.close();
  });

  it("busy: every pooled connection stays in use past DATABASE_POOL_TIMEOUT_MS", async () => {
    const server = await fakePostgres("stalled");
    const database = openPostgres(server.url, 1);
    const stuck = failure(() => database.raw.query({ text: "SELECT 1", values: [] })); // holds the one connection
    await expectEveryPath(database, "busy");
    // Ends the stuck query, which gives its connection back: an outage, logged unless an earlier
    // test's outage is still the one this process knows of (lib/db/reachability.ts).
    allowLogged("error", /^database unreachable/);
    await server.close();
    await stuck;
    await database.close();
  });

  it.runIf(databaseUrl)("unreachable: the server ends the connection (pg_terminate_backend, 57P01)", async () => {
    // An outage, logged unless an earlier test's outage is still the one this process knows of.
    allowLogged("error", /^database unreachable \{"signal":"(57P01|Connection terminated unexpectedly)"\}$/);
    const database = openPostgres(databaseUrl!, 4);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const sleep = "SELECT pg_sleep(30)";
    /** Ends the connection running `sleep` once it runs it. */
    async function terminateSleeper() {
      for (let attempt = 0; attempt < 400; attempt++) {
        const { rows } = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query = $1",
          [sleep],
        );
        for (const { pid } of rows) await admin.query("SELECT pg_terminate_backend($1, 5000)", [pid]);
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("the statement never started");
    }
    const terminated = async (work: () => Promise<unknown>) =>
      (await Promise.all([failure(work), terminateSleeper()]))[0];
    try {
      const errors = {
        "raw SQL": await terminated(() => database.raw.query({ text: sleep, values: [] })),
        "Prisma raw query": await terminated(() => database.prisma.$queryRawUnsafe(sleep)),
        transaction: await terminated(() =>
          database.prisma.$transaction((tx) => tx.$queryRawUnsafe(sleep), { timeout: 60_000 }),
        ),
      };
      for (const [path, error] of Object.entries(errors)) {
        expect(databaseUnavailable(error), `${path}: ${String(error)}`).toEqual({
          reason: "unreachable",
          signal: "57P01",
        });
      }
      // The pool dropped the ended connections: the same database answers every path at once.
      expect(Object.values(await errorsOfEveryPath(database))).toEqual(Array(4).fill("no error"));
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it("undefined for errors the database answered, and for errors that are not the database's", async () => {
    const tenant = await createTenant();
    const duplicate = await db.membership
      .create({ data: { accountId: tenant.accountId, userId: tenant.admin.userId, persona: "attendee" } })
      .catch((caught: unknown) => caught);
    const divisionByZero = await db.$queryRaw`SELECT 1 / 0`.catch((caught: unknown) => caught);
    for (const error of [
      duplicate,
      divisionByZero,
      new Error("boom"),
      new AppError("not_found"),
      undefined,
      null,
      "x",
    ]) {
      expect(databaseUnavailable(error)).toBeUndefined();
    }
  });
});

describe("databaseUnavailable, on a transaction or statement out of time (issue 43 §6.2)", () => {
  const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
  const failure = (work: () => Promise<unknown>) =>
    work().then(
      () => "no error",
      (error: unknown) => error,
    );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("busy: a transaction used past its timeout (Prisma's P2028)", async () => {
    const error = await failure(() =>
      db.$transaction(
        async (tx) => {
          await sleep(200);
          return tx.account.findFirst();
        },
        { timeout: 50 },
      ),
    );
    expect(databaseUnavailable(error), String(error)).toMatchObject({ reason: "busy" });
  });

  it.runIf(databaseUrl)("busy: a transaction that cannot start within its maxWait", async () => {
    const database = openPostgres(databaseUrl!, 1);
    const holder = database.prisma.$transaction(() => sleep(1_000), { timeout: 5_000 });
    try {
      await sleep(100);
      const error = await failure(() => database.prisma.$transaction((tx) => tx.account.findFirst(), { maxWait: 50 }));
      expect(databaseUnavailable(error), String(error)).toMatchObject({ reason: "busy" });
    } finally {
      await holder;
      await database.close();
    }
  });

  it.runIf(databaseUrl)(
    "busy: a lock_timeout (55P03) and a statement_timeout (57014) set on the database",
    async () => {
      const tenant = await createTenant();
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      try {
        await locker.query("BEGIN");
        await locker.query(`SELECT 1 FROM "Account" WHERE id = $1 FOR UPDATE`, [tenant.accountId]);
        const lockTimeout = await failure(() =>
          db.$transaction(async (tx) => {
            await tx.$executeRawUnsafe("SET LOCAL lock_timeout = '50ms'");
            await tx.$executeRaw`UPDATE "Account" SET name = name WHERE id = ${tenant.accountId}`;
          }),
        );
        const statementTimeout = await failure(() =>
          db.$transaction(async (tx) => {
            await tx.$executeRawUnsafe("SET LOCAL statement_timeout = '50ms'");
            await tx.account.update({ where: { id: tenant.accountId }, data: { name: "x" } });
          }),
        );
        expect(databaseUnavailable(lockTimeout), String(lockTimeout)).toEqual({ reason: "busy", signal: "55P03" });
        expect(databaseUnavailable(statementTimeout), String(statementTimeout)).toEqual({
          reason: "busy",
          signal: "57014",
        });
      } finally {
        await locker.query("ROLLBACK");
        await locker.end();
      }
    },
  );
});
