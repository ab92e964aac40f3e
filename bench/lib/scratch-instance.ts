// One app instance as `npm start` runs it (`node scripts/serve.mjs start`, the last build, in demo
// mode), on a scratch database seeded with the bookings bench's studio (bench/lib/booking-seed.ts)
// from this process before it starts: a PostgreSQL database made for the run and dropped after it,
// or an embedded one in a scratch data directory. The memory and soak benches measure it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { seed, type Seed } from "./booking-seed";
import { progress } from "./measure";
import { freePort, startServer, stopServer, stopServersOnSignal, type ServerProcess } from "./server-process";

export type DatabaseKind = "postgres" | "embedded";
export const DATABASE_LABEL: Record<DatabaseKind, string> = { postgres: "PostgreSQL", embedded: "embedded" };

export type ScratchInstance = { kind: DatabaseKind; server: ServerProcess; seeded: Seed; outboxDir: string };

/** The PostgreSQL server the benches may make scratch databases on (BENCH_DATABASE_URL or TEST_DATABASE_URL). */
export function benchPostgresServer(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function buildAvailable(): { ok: true } | { ok: false; reason: string } {
  return fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))
    ? { ok: true }
    : { ok: false, reason: "no production build: run `npm run build` first" };
}

/** The in-process environment for seeding (the bookings bench sets the same). */
function prepareEnvironment(dataDir: string): void {
  Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_MODE: "false", DATA_DIR: dataDir });
  delete process.env.DATABASE_URL;
}

/** Runs `measure` against an instance on a scratch database of `kind`; everything is removed after. */
export async function withScratchInstance<T>(
  bench: string,
  kind: DatabaseKind,
  measure: (instance: ScratchInstance) => Promise<T>,
  extraEnv: Record<string, string> = {},
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-bench-${bench}-`));
  prepareEnvironment(dataDir);
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  const outboxDir = path.join(dataDir, "outbox");
  let dropDatabase = async () => {};
  try {
    let database: { DATABASE_URL: string; DATA_DIR: string };
    if (kind === "postgres") {
      const { migratePostgres, openPostgres } = await import("@/lib/db/client");
      const server = benchPostgresServer();
      if (!server) throw new Error("no PostgreSQL server: set BENCH_DATABASE_URL or TEST_DATABASE_URL");
      const name = `studio_bench_${bench}_${process.pid}_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      };
      const url = new URL(server);
      url.pathname = `/${name}`;
      progress(bench, `PostgreSQL: scratch database ${name}: migrating, seeding`);
      await admin.query(`CREATE DATABASE "${name}"`);
      await migratePostgres(url.toString());
      useDatabase(openPostgres(url.toString(), 2));
      database = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    } else {
      const { openPglite } = await import("@/lib/db/client");
      const { applyMigrations } = await import("@/lib/db/migrate");
      progress(bench, `embedded: scratch data directory ${dataDir}: migrating, seeding`);
      const pglite = openPglite(path.join(dataDir, "pglite")); // the instance's DATA_DIR below
      useDatabase(pglite);
      await applyMigrations(pglite.sql);
      database = { DATABASE_URL: "", DATA_DIR: path.join(dataDir, "pglite") };
    }
    const seeded = await seed();
    await closeDatabase(); // the instance opens it next: the embedded one, one process at a time
    const server = await startInstance(bench, kind, { ...database, EMAIL_OUTBOX_DIR: outboxDir, ...extraEnv });
    const stopOnSignal = stopServersOnSignal(() => [server]);
    try {
      return await measure({ kind, server, seeded, outboxDir });
    } finally {
      await stopServer(server);
      stopOnSignal();
    }
  } finally {
    await closeDatabase();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startInstance(bench: string, kind: DatabaseKind, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  progress(bench, `${DATABASE_LABEL[kind]}: starting the instance (node scripts/serve.mjs start, the last build)`);
  const started = performance.now();
  const server = await startServer({
    name: "the instance",
    url: `http://127.0.0.1:${port}`,
    healthPath: "/api/health",
    command: process.execPath,
    args: [path.join("scripts", "serve.mjs"), "start"], // as `npm start` runs it
    env: {
      ...process.env,
      NODE_ENV: "production", // over the seeding's own, whatever the caller's was
      DEMO_MODE: "true",
      LOG_LEVEL: "silent",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      EMAIL_TRANSPORT: "outbox",
      ...env,
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress(bench, `${DATABASE_LABEL[kind]}: the instance answers /api/health ${seconds} s after it was started`);
  return server;
}
