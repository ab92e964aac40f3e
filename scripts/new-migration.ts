// Authors a new migration: applies the existing migrations to a throwaway embedded database and
// writes the SQL that takes it to prisma/schema.prisma (`prisma migrate dev` cannot run here: its
// shadow database fails on driver adapters). Usage: npm run db:migrate:new -- <name>
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = process.argv[2]?.replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migrate:new -- <name>");
  process.exit(2);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migration-"));
const env = { ...process.env, DATA_DIR: scratch, DATABASE_URL: "" };
delete env.DATABASE_URL;
const prisma = (args: string[]) =>
  execFileSync("npx", ["prisma", ...args], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

try {
  prisma(["migrate", "deploy"]);
  const sql = prisma([
    "migrate", "diff",
    "--from-schema-datasource", "prisma/schema.prisma",
    "--to-schema-datamodel", "prisma/schema.prisma",
    "--script",
  ]);
  if (!/^\s*(CREATE|ALTER|DROP)/m.test(sql)) {
    console.log("schema.prisma and the migrations already agree: nothing to write.");
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`wrote ${dir}/migration.sql`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
