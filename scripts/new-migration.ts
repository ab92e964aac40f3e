// Authors a new migration: the SQL that takes the schema as of the last migration
// (prisma/migrations/schema-at-last-migration.prisma) to prisma/schema.prisma. `prisma migrate dev`
// cannot run here (its shadow database fails on driver adapters) and `--from-schema-datasource` is
// refused with an adapter; lib/db/schema-matches-migrations.test.ts proves the result right.
// Usage: npm run db:migrate:new -- <name>
import fs from "node:fs";
import path from "node:path";
import { diffSql } from "./lib/prisma-diff";

const name = process.argv[2]?.replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migrate:new -- <name>");
  process.exit(2);
}

const MIGRATIONS = path.join("prisma", "migrations");
const SNAPSHOT = path.join(MIGRATIONS, "schema-at-last-migration.prisma");

const sql = await diffSql(fs.existsSync(SNAPSHOT) ? SNAPSHOT : undefined, path.join("prisma", "schema.prisma"));
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
