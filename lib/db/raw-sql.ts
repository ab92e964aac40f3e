import type { PGlite } from "@electric-sql/pglite";
import pg, { type Pool } from "pg";

/**
 * A statement with `$1`-style placeholders: `Prisma.sql\`…\`` is one (its `text` and `values`). A
 * `name` makes it a prepared statement on PostgreSQL, parsed and planned once per connection (the
 * name must always come with the same text).
 */
export type Statement = { text: string; values: readonly unknown[]; name?: string };

export type RawQuery = <Row = Record<string, unknown>>(statement: Statement) => Promise<Row[]>;

/**
 * SQL without Prisma, for the few hot paths where Prisma's per-query cost would dominate (the
 * booking statement, authentication): one statement, one round trip, in autocommit. It is NOT
 * tenant-scoped: every statement names `"accountId"` itself. Values and rows follow Prisma's
 * conventions, so code can move between the two: `timestamp` columns (Prisma's DateTime) are UTC
 * both ways, whatever the process's TZ.
 */
export type RawSql = { query: RawQuery };

const TIMESTAMP_OID = 1114;

/** A `timestamp` (without time zone) column holds UTC: "2026-01-02 03:04:05.678" → that instant. */
const parseUtcTimestamp = (value: string): Date => new Date(`${value.replace(" ", "T")}Z`);

/** A Date as a UTC timestamp literal: PostgreSQL ignores the zone when casting it to `timestamp`. */
function toParameters(values: readonly unknown[]): unknown[] {
  return values.map((value) => (value instanceof Date ? value.toISOString() : value));
}

export function pgRawSql(pool: Pool): RawSql {
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === TIMESTAMP_OID ? parseUtcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  return {
    query: async <Row>(statement: Statement) =>
      (
        await pool.query({
          name: statement.name,
          text: statement.text,
          values: toParameters(statement.values),
          types,
        })
      ).rows as Row[],
  };
}

export function pgliteRawSql(pglite: PGlite): RawSql {
  const parsers = { [TIMESTAMP_OID]: parseUtcTimestamp };
  return {
    query: async <Row>(statement: Statement) =>
      (await pglite.query<Row>(statement.text, toParameters(statement.values), { parsers })).rows,
  };
}
