// Runs before each test file: a fresh environment and a private copy of the migrated template.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "studio-file-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  DATA_DIR: scratch,
  EMAIL_TRANSPORT: "outbox",
  EMAIL_OUTBOX_DIR: path.join(scratch, "outbox"),
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  DEMO_MODE: "true",
});
delete process.env.DATABASE_URL;

const { openPglite, openPostgres } = await import("@/lib/db/client");
const { useDatabase, closeDatabase } = await import("@/lib/db");
type Database = import("@/lib/db").Database;
const { resetEnvCache } = await import("@/lib/env");
resetEnvCache();
// Before the file's own hooks: its afterEach runs after theirs (a warning or an error a test did not
// declare fails it).
const { installLogGuard, settleFile } = await import("@/tests/setup/log-guard");
if (process.env.LOG_GUARD !== "off") installLogGuard();

const config = inject("database");
let dropDatabase: (() => Promise<void>) | undefined;

if (config.kind === "postgres") {
  const name = `${config.template}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: config.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${config.template}"`);
  const url = new URL(config.serverUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_FILE_URL = url.toString();
  useDatabase(openPostgres(url.toString(), 20));
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
} else {
  // Opened at the first query: a file that never reaches the database (many are plain units) does
  // not pay for starting PGlite and unpacking the template, most of such a file's time.
  const dump = new Blob([fs.readFileSync(config.templateFile)]);
  useDatabase(openedAtFirstUse("pglite", () => openPglite(dump)));
}

function openedAtFirstUse(kind: Database["kind"], open: () => Database): Database {
  let opened: Database | undefined;
  const database = () => (opened ??= open());
  return {
    kind,
    get prisma() {
      return database().prisma;
    },
    get sql() {
      return database().sql;
    },
    get raw() {
      return database().raw;
    },
    pool: () => database().pool(),
    embeddedMemoryBytes: () => database().embeddedMemoryBytes(),
    close: async () => opened?.close(),
  };
}

afterAll(async () => {
  // The jobs runner woken by the file's tests stops (and finishes its run) before the database closes.
  if ((globalThis as { __studioJobs?: unknown }).__studioJobs) {
    const { stopJobs } = await import("@/lib/jobs/wake");
    await stopJobs();
  }
  const { closeEmailWorkers } = await import("@/lib/email/email-workers");
  await closeEmailWorkers();
  settleFile(); // before the database closes: a pool whose database is dropped logs it unreachable
  await closeDatabase();
  await dropDatabase?.();
  fs.rmSync(scratch, { recursive: true, force: true });
});
