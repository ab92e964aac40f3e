import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type SqlRunner = {
  exec(text: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
};

// Read at run time by scripts/serve.mjs (from source, before Next starts), by the tests and benches;
// the app that `next build` bundles imports this module through lib/db/client.ts but never migrates.
// Hence the turbopackIgnore comments below: the build has nothing to trace here, and without them
// it warns that the dynamic directory makes it trace the whole project.
const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_ID = 72_707_369; // pg_advisory_lock key shared by every app process

type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies pending migrations from prisma/migrations in-process and records them in Prisma's own
 * `_prisma_migrations` table, so `prisma migrate status` and `migrate deploy` agree with it.
 * In-process because the embedded database can be opened by one process only and the Prisma CLI's
 * WASM schema engine needs ~20 s a run (docs/decisions/0002-migrations-at-start.md).
 */
export async function applyMigrations(sql: SqlRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  await sql.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
  try {
    const rows = await sql.query(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Set(rows.map((row) => String(row.migration_name)));
    const pending = readMigrations(dir).filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      // names are directory names of the form 20260101000000_words; checked before they are inlined
      if (!/^\w+$/.test(migration.name)) throw new Error(`bad migration name ${migration.name}`);
      await sql.exec(`BEGIN;
${migration.sql}
;INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
 VALUES ('${randomUUID()}', '${migration.checksum}', '${migration.name}', now(), now(), 1);
COMMIT;`);
    }
    return pending.map((migration) => migration.name);
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]);
  }
}
