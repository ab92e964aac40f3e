// Builds one migrated template database per test run; every test file gets its own copy of it
// (tests/setup/per-file.ts). PGlite by default; PostgreSQL when TEST_DATABASE_URL is set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    database: { kind: "pglite"; templateFile: string } | { kind: "postgres"; serverUrl: string; template: string };
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `studio_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const client = new pg.Client({ connectionString: databaseUrl(serverUrl, template) });
    await client.connect();
    await applyMigrations({
      exec: async (text) => void (await client.query(text)),
      query: async (text, params) => (await client.query(text, params)).rows,
    });
    await client.end();
    console.log(`[tests] PostgreSQL: template database ${template} migrated`);
    project.provide("database", { kind: "postgres", serverUrl, template });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`${template}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  await applyMigrations({
    exec: async (text) => void (await pglite.exec(text)),
    query: async (text, params) => (await pglite.query(text, params)).rows as Record<string, unknown>[],
  });
  // Uncompressed: each test file loads it (tests/setup/per-file.ts), and unpacking gzip costs every
  // file a quarter of a second more than reading 40 MB from the page cache.
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-")), "template.tar");
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  console.log("[tests] PGlite: migrated template ready (set TEST_DATABASE_URL to run on PostgreSQL)");
  project.provide("database", { kind: "pglite", templateFile });
  return () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
}
