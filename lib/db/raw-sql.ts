import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg, { type Pool, type PoolClient } from "pg";

/** A statement with `$1`-style placeholders: `Prisma.sql\`…\`` is one (its `text` and `values`). */
export type Statement = { text: string; values: readonly unknown[] };

export type RawQuery = <Row = Record<string, unknown>>(statement: Statement) => Promise<Row[]>;

/**
 * SQL without Prisma, for the few hot paths where Prisma's per-query cost would dominate (the
 * booking transaction, authentication). It is NOT tenant-scoped: every statement names
 * `"accountId"` itself. Values and rows follow Prisma's conventions, so code can move between the
 * two: `timestamp` columns (Prisma's DateTime) are UTC both ways, whatever the process's TZ.
 */
export type RawSql = {
  query: RawQuery;
  /** Runs `work` in one READ COMMITTED transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
};

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
  const on =
    (client: Pool | PoolClient): RawQuery =>
    async <Row>(statement: Statement) =>
      (await client.query({ text: statement.text, values: toParameters(statement.values), types })).rows as Row[];
  return {
    query: on(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken); // a connection that cannot roll back is discarded
      }
    },
  };
}

export function pgliteRawSql(pglite: PGlite): RawSql {
  const parsers = { [TIMESTAMP_OID]: parseUtcTimestamp };
  const on =
    (client: PGlite | Transaction): RawQuery =>
    async <Row>(statement: Statement) =>
      (await client.query<Row>(statement.text, toParameters(statement.values), { parsers })).rows;
  return {
    query: on(pglite),
    transaction: (work) => pglite.transaction((tx) => work(on(tx))),
  };
}
