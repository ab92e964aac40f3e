// Authors a new migration: the SQL that takes the schema as of the last migration
// (prisma/migrations/schema-at-last-migration.prisma) to prisma/schema.prisma, then a copy of each
// function of prisma/sql/functions that the migrations so far define differently (found by applying
// them to a scratch embedded database; lib/db/sql-functions.ts). `prisma migrate dev`
// cannot run here (its shadow database fails on driver adapters) and `--from-schema-datasource` is
// refused with an adapter; lib/db/schema-matches-migrations.test.ts proves the result right.
// Usage: npm run db:migrate:new -- <name>
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations } from "@/lib/db/migrate";
import { functionsDifferingFromSources, migrationSqlFor } from "@/lib/db/sql-functions";
import { diffSql } from "./lib/prisma-diff";

const name = process.argv[2]?.replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migrate:new -- <name>");
  process.exit(2);
}

const MIGRATIONS = path.join("prisma", "migrations");
const SNAPSHOT = path.join(MIGRATIONS, "schema-at-last-migration.prisma");

const schemaSql = await diffSql(fs.existsSync(SNAPSHOT) ? SNAPSHOT : undefined, path.join("prisma", "schema.prisma"));
const schemaChanged = /^\s*(CREATE|ALTER|DROP)/m.test(schemaSql);
const functionsSql = await changedFunctionsSql();
if (!schemaChanged && !functionsSql) {
  console.log("schema.prisma, prisma/sql/functions and the migrations already agree: nothing to write.");
  process.exit(0);
}
const sql = [schemaChanged ? schemaSql : "", functionsSql].filter(Boolean).join("\n");
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
fs.copyFileSync(path.join("prisma", "schema.prisma"), SNAPSHOT);
console.log(`wrote ${dir}/migration.sql`);

async function changedFunctionsSql(): Promise<string> {
  const scratch = await PGlite.create();
  const runner = {
    exec: async (text: string) => void (await scratch.exec(text)),
    query: async (text: string, params?: unknown[]) => (await scratch.query<Record<string, unknown>>(text, params)).rows,
  };
  try {
    await applyMigrations(runner);
    const differences = await functionsDifferingFromSources(runner);
    for (const { source } of differences) console.log(`function ${source.name}: copied from ${source.file}`);
    return migrationSqlFor(differences);
  } finally {
    await scratch.close();
  }
}
