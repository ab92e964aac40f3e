import fs from "node:fs";
import path from "node:path";
import type { SqlRunner } from "./migrate";

/**
 * The database functions' sources: one file per function in prisma/sql/functions, the only place a
 * function is edited. A migration copies the file (`npm run db:migrate:new` does it, after
 * functionsDifferingFromSources below); sql-functions.test.ts fails when a migrated database runs
 * anything else.
 */
export const FUNCTIONS_DIR = path.join(process.cwd(), "prisma", "sql", "functions");

export type FunctionSource = { name: string; file: string; sql: string };

export function readFunctionSources(dir = FUNCTIONS_DIR): FunctionSource[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const name = path.basename(file, ".sql");
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      if (!new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, "m").test(sql))
        throw new Error(`${file} must define the function ${name} with CREATE OR REPLACE FUNCTION ${name}(`);
      return { name, file: path.join("prisma", "sql", "functions", file), sql };
    });
}

/** A function as PostgreSQL prints it back, its schema left out, so that two schemas' copies compare. */
type Definition = { definition: string; signature: string; identity: string };

const SCRATCH_SCHEMA = "function_source_check";

async function definitionsIn(sql: SqlRunner, schema: string, name: string): Promise<Definition[]> {
  const rows = await sql.query(
    `SELECT pg_get_functiondef(p.oid) AS definition,
            pg_get_function_arguments(p.oid) || ' -> ' || pg_get_function_result(p.oid) AS signature,
            pg_get_function_identity_arguments(p.oid) AS identity
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND p.proname = $2
      ORDER BY 2`,
    [schema, name],
  );
  return rows.map((row) => ({
    definition: String(row.definition).replace(`FUNCTION ${schema}.${name}(`, `FUNCTION ${name}(`),
    signature: String(row.signature),
    identity: String(row.identity),
  }));
}

export type FunctionDifference = {
  source: FunctionSource;
  /** The definitions of that name in the database now (none when it is new; two or more are overloads). */
  current: Definition[];
  /** CREATE OR REPLACE cannot change arguments or result: the current function is dropped first. */
  dropFirst: string[];
};

/**
 * Each source whose function in the database's `public` schema is missing or differs, found by
 * creating the source in a scratch schema and comparing PostgreSQL's own print of both.
 */
export async function functionsDifferingFromSources(
  sql: SqlRunner,
  sources = readFunctionSources(),
): Promise<FunctionDifference[]> {
  const differences: FunctionDifference[] = [];
  await sql.exec(`DROP SCHEMA IF EXISTS ${SCRATCH_SCHEMA} CASCADE; CREATE SCHEMA ${SCRATCH_SCHEMA};`);
  try {
    for (const source of sources) {
      await sql.exec(
        source.sql.replace(
          `CREATE OR REPLACE FUNCTION ${source.name}(`,
          `CREATE OR REPLACE FUNCTION ${SCRATCH_SCHEMA}.${source.name}(`,
        ),
      );
      const [wanted] = await definitionsIn(sql, SCRATCH_SCHEMA, source.name);
      const current = await definitionsIn(sql, "public", source.name);
      if (current.length === 1 && current[0]!.definition === wanted!.definition) continue;
      const dropFirst = current
        .filter((definition) => definition.signature !== wanted!.signature)
        .map((definition) => `DROP FUNCTION ${source.name}(${definition.identity});`);
      differences.push({ source, current, dropFirst });
    }
  } finally {
    await sql.exec(`DROP SCHEMA IF EXISTS ${SCRATCH_SCHEMA} CASCADE`);
  }
  return differences;
}

/** The functions of `public` that are ours (not an extension's). */
export async function databaseFunctionNames(sql: SqlRunner): Promise<string[]> {
  const rows = await sql.query(
    `SELECT DISTINCT p.proname AS name
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
  );
  return rows.map((row) => String(row.name));
}

/** The SQL a migration needs to bring the database's functions to their sources. */
export function migrationSqlFor(differences: FunctionDifference[]): string {
  const drops = differences.flatMap((difference) => difference.dropFirst);
  const copies = differences.map(
    ({ source }) => `-- Copied from ${source.file} by npm run db:migrate:new: edit that file, not this one.\n${source.sql}`,
  );
  return [...drops, ...copies].join("\n");
}
