// Authors a new migration: the SQL that takes the schema as of the last migration
// (prisma/migrations/schema-at-last-migration.prisma) to prisma/schema.prisma. `prisma migrate dev`
// cannot run here (its shadow database fails on driver adapters) and `--from-schema-datasource` is
// refused with an adapter; lib/db/schema-matches-migrations.test.ts proves the result right.
// Usage: npm run db:migrate:new -- <name>
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = process.argv[2]?.replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migrate:new -- <name>");
  process.exit(2);
}

const MIGRATIONS = path.join("prisma", "migrations");
const SNAPSHOT = path.join(MIGRATIONS, "schema-at-last-migration.prisma");

export function diffSql(from: string | undefined, to: string): string {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migration-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: scratch };
  delete env.DATABASE_URL;
  try {
    const fromArgs = from ? ["--from-schema-datamodel", from] : ["--from-empty"];
    return execFileSync("npx", ["prisma", "migrate", "diff", ...fromArgs, "--to-schema-datamodel", to, "--script"], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const sql = diffSql(fs.existsSync(SNAPSHOT) ? SNAPSHOT : undefined, path.join("prisma", "schema.prisma"));
if (!/^\s*(CREATE|ALTER|DROP)/m.test(sql)) {
  console.log("schema.prisma and the migrations already agree: nothing to write.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
fs.copyFileSync(path.join("prisma", "schema.prisma"), SNAPSHOT);
console.log(`wrote ${dir}/migration.sql`);
