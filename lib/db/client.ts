import "server-only";
import { PrismaClient } from "@prisma/client";
import { recordingOutboxWrites } from "./outbox-writes";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client, Pool } from "pg";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { POOL_TIMEOUT_MESSAGE } from "./errors";
import { applyMigrations, type SqlRunner } from "./migrate";
import { pgliteRawSql, pgRawSql, type RawSql } from "./raw-sql";
import { noteDatabaseFailure, reportDatabaseReachable } from "./reachability";

export type Database = {
  prisma: PrismaClient;
  kind: "postgres" | "pglite";
  /** Runs raw SQL outside Prisma (migrations, test setup). */
  sql: SqlRunner;
  /** Raw SQL with Prisma's value conventions, for the hot paths (./raw-sql.ts). */
  raw: RawSql;
  /** The connection pool as it stands (the metrics); the embedded database has none and reports 0. */
  pool(): PoolStats;
  /** The embedded database's WebAssembly memory in bytes, which grows as it works and never shrinks; 0 on PostgreSQL. */
  embeddedMemoryBytes(): number;
  close(): Promise<void>;
};

/** `waiting`: callers waiting for a connection now; `waitTimeouts`: waits given up since the pool opened. */
export type PoolStats = { waiting: number; waitTimeouts: number };

/** A pool's client that remembers when it began connecting: the pool makes one per new connection. */
class TimedClient extends Client {
  readonly connectingSince = performance.now();
}

export function openPostgres(url: string, poolSize = env().DATABASE_POOL_SIZE): Database {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: env().DATABASE_POOL_TIMEOUT_MS,
    Client: TimedClient as unknown as new () => Client,
  });
  // An idle client whose connection the server ends (restart, failover) must not crash the process;
  // the pool drops it. A new connection means the database is reachable (again).
  const connectedAt = new WeakMap<object, number>();
  pool.on("connect", (client) => {
    connectedAt.set(client, performance.now());
    reportDatabaseReachable((client as unknown as TimedClient).connectingSince);
    // A checked-out client whose connection the server ends while no statement of it runs emits
    // "error" where the pool no longer listens (its idle listener is off while the client is out),
    // which would crash the process. Its next statement fails instead, and the pool drops it on release.
    client.on("error", (error) => noteDatabaseFailure(error, connectedAt.get(client) ?? 0));
  });
  pool.on("error", (error, client) => {
    if (noteDatabaseFailure(error, connectedAt.get(client) ?? 0)?.reason !== "unreachable")
      log.warn("database connection lost", { errorMessage: error.message });
  });
  const waitTimeouts = countWaitTimeouts(pool);
  const prisma = recordingOutboxWrites(new PrismaClient({ adapter: new PrismaPgReleasingFailedEnds(pool) }));
  return {
    prisma,
    kind: "postgres",
    raw: pgRawSql(pool),
    pool: () => ({ waiting: pool.waitingCount, waitTimeouts: waitTimeouts.count }),
    embeddedMemoryBytes: () => 0,
    sql: {
      exec: async (text) => void (await pool.query(text)),
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

type ConnectCallback = (error: Error | undefined, client: unknown, done: unknown) => void;

/**
 * Counts the pool's waits for a connection that ran out (DATABASE_POOL_TIMEOUT_MS). Every checkout
 * goes through `connect`: Prisma's adapter calls it, and `pool.query` (the raw SQL) calls it on the
 * pool itself, so this instance's own `connect` sees them all.
 */
function countWaitTimeouts(pool: Pool): { count: number } {
  const counted = { count: 0 };
  const note = (error: unknown) => {
    if (error instanceof Error && error.message === POOL_TIMEOUT_MESSAGE) counted.count++;
  };
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<unknown> | undefined;
  const counting = (callback?: ConnectCallback) => {
    if (callback)
      return connect((error, client, done) => {
        note(error);
        callback(error, client, done);
      });
    return connect()!.catch((error: unknown) => {
      note(error);
      throw error;
    });
  };
  Object.assign(pool, { connect: counting });
  return counted;
}

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type PgTransaction = Awaited<ReturnType<PgAdapter["startTransaction"]>>;

/**
 * PrismaPg, except that a transaction whose COMMIT or ROLLBACK fails gives its connection back.
 * Prisma 6.19 ends a transaction with that statement and only then hands the connection back to the
 * pool (the adapter's commit()/rollback(), which only release it); when the statement fails because
 * the server ended the connection (a restart, pg_terminate_backend), the connection is never given
 * back, and DATABASE_POOL_SIZE such transactions leave the process without connections until it is
 * restarted (lib/db/client.test.ts). The pool drops a connection given back broken.
 */
class PrismaPgReleasingFailedEnds extends PrismaPg {
  override async connect(): Promise<PgAdapter> {
    const adapter = await super.connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => releaseWhenEndFails(await startTransaction(isolationLevel));
    return adapter;
  }
}

function releaseWhenEndFails(transaction: PgTransaction): PgTransaction {
  let released = false;
  const releaseOnce = (release: () => Promise<void>) => async () => {
    if (released) return;
    released = true;
    await release();
  };
  const commit = releaseOnce(transaction.commit.bind(transaction));
  const rollback = releaseOnce(transaction.rollback.bind(transaction));
  const executeRaw = transaction.executeRaw.bind(transaction);
  return Object.assign(transaction, {
    commit,
    rollback,
    executeRaw: async (query: Parameters<PgTransaction["executeRaw"]>[0]) => {
      try {
        return await executeRaw(query);
      } catch (error) {
        if (query.sql === "COMMIT" || query.sql === "ROLLBACK") await rollback();
        throw error;
      }
    },
  });
}

/**
 * The embedded database's shared buffers. PGlite's default, PostgreSQL's 128 MB, lives in its
 * WebAssembly memory, which grows as buffers are touched and never shrinks: it was most of what an
 * embedded instance held beyond one on PostgreSQL. Its files are read through Node's, so the
 * operating system's page cache still holds what does not fit (issue 35, decision 0043).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/** A data directory (the app's, with smaller shared buffers) or a dump (the tests', as PGlite has it). */
export function openPglite(source: string | Blob): Database {
  const pglite =
    typeof source === "string"
      ? new PGlite(source, { postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`] })
      : new PGlite({ loadDataDir: source });
  const prisma = recordingOutboxWrites(new PrismaClient({ adapter: new PrismaPGlite(pglite) }));
  return {
    prisma,
    kind: "pglite",
    raw: pgliteRawSql(pglite),
    pool: () => ({ waiting: 0, waitTimeouts: 0 }),
    embeddedMemoryBytes: () => pglite.Module?.wasmMemory.buffer.byteLength ?? 0, // no module before it is ready
    sql: {
      exec: async (text) => void (await pglite.exec(text)),
      query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as Record<string, unknown>[],
    },
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/** The database the environment selects: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(): Database {
  const { DATABASE_URL, DATA_DIR } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(DATA_DIR);
}

/** Brings the configured database's schema up to date (run once at start, before serving). */
export async function migrateConfiguredDatabase(database: Database): Promise<string[]> {
  const { DATABASE_URL } = env();
  return DATABASE_URL ? migratePostgres(DATABASE_URL) : applyMigrations(database.sql);
}

/** Migrates over one dedicated connection: the advisory lock belongs to a session. */
export async function migratePostgres(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await applyMigrations({
      exec: async (text) => void (await client.query(text)),
      query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    });
  } finally {
    await client.end();
  }
}
