import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg, { type Pool, type PoolClient } from "pg";

/**
 * A statement with `$1`-style placeholders: `Prisma.sql\`…\`` is one (its `text` and `values`). A
 * `name` makes it a prepared statement on PostgreSQL, parsed and planned once per connection (for
 * hot statements outside transactions; the name must always come with the same text).
 */
export type Statement = { text: string; values: readonly unknown[]; name?: string };

export type RawQuery = <Row = Record<string, unknown>>(statement: Statement) => Promise<Row[]>;

/**
 * SQL without Prisma, for the few hot paths where Prisma's per-query cost would dominate (the
 * booking transaction, authentication). It is NOT tenant-scoped: every statement names
 * `"accountId"` itself. Values and rows follow Prisma's conventions, so code can move between the
 * two: `timestamp` columns (Prisma's DateTime) are UTC both ways, whatever the process's TZ.
 */
export type RawSql = {
  query: RawQuery;
  /**
   * Runs `work` in one READ COMMITTED transaction on one connection; rolls back when it throws.
   * On PostgreSQL the BEGIN travels with the first statement, and a statement run with
   * `{ commit: true }` takes the COMMIT with it (the last one: nothing may follow), so a
   * transaction of two statements is two round trips. Round trips are what a transaction costs
   * most here (a system call each way, and the connection and row locks held across them).
   */
  transaction<T>(work: (query: TransactionQuery) => Promise<T>): Promise<T>;
};

export type TransactionQuery = <Row = Record<string, unknown>>(
  statement: Statement,
  options?: { commit?: boolean },
) => Promise<Row[]>;

const TIMESTAMP_OID = 1114;
const AFTER_COMMIT = "a statement after the transaction's COMMIT";

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
      (
        await client.query({
          name: statement.name,
          text: statement.text,
          values: toParameters(statement.values),
          types,
        })
      ).rows as Row[];
  return {
    query: on(pool),
    async transaction(work) {
      const client = await pool.connect();
      const state: { phase: "new" | "open" | "committed" } = { phase: "new" };
      let broken: Error | undefined;
      const query: TransactionQuery = async <Row>(statement: Statement, { commit = false } = {}) => {
        if (state.phase === "committed") throw new Error(AFTER_COMMIT);
        const begins = state.phase === "new";
        state.phase = "open"; // from here on, a failure needs a ROLLBACK
        const text = [begins ? "BEGIN" : undefined, inlineValues(statement, client), commit ? "COMMIT" : undefined]
          .filter((part) => part !== undefined)
          .join(";\n");
        const results = (await client.query({ text, types })) as unknown as pg.QueryResult | pg.QueryResult[];
        if (commit) state.phase = "committed";
        const list = Array.isArray(results) ? results : [results];
        return list[begins ? 1 : 0]!.rows as Row[];
      };
      try {
        const result = await work(query);
        if (state.phase === "open") await client.query("COMMIT");
        return result;
      } catch (error) {
        if (state.phase === "open")
          await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken); // a connection that cannot roll back is discarded
      }
    },
  };
}

/**
 * The statement with its values written in as literals, so that it can share one simple-protocol
 * round trip with BEGIN or COMMIT (the extended protocol, which carries parameters, takes one
 * statement at a time). Strings are quoted by the driver's own `escapeLiteral`; only scalars are
 * accepted. `$n` must not occur in the statement other than as a placeholder.
 */
function inlineValues(statement: Statement, client: PoolClient): string {
  return statement.text.replace(/\$(\d+)/g, (_placeholder, index: string) => {
    const value = statement.values[Number(index) - 1];
    if (value === null || value === undefined) return "NULL";
    if (typeof value === "string") return client.escapeLiteral(value);
    if (value instanceof Date) return client.escapeLiteral(value.toISOString());
    if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "bigint") {
      return value < 0 ? `(${value})` : String(value); // "x -$1" must not become a comment: "x --1"
    }
    if (typeof value === "boolean") return String(value);
    throw new Error(`a value of type ${typeof value} cannot be written into a statement`);
  });
}

export function pgliteRawSql(pglite: PGlite): RawSql {
  const parsers = { [TIMESTAMP_OID]: parseUtcTimestamp };
  const on =
    (client: PGlite | Transaction): RawQuery =>
    async <Row>(statement: Statement) =>
      (await client.query<Row>(statement.text, toParameters(statement.values), { parsers })).rows;
  return {
    query: on(pglite),
    // One connection in-process: no round trips to save; `commit` only ends what may follow.
    transaction: (work) =>
      pglite.transaction((tx) => {
        let committed = false;
        return work(async (statement, { commit = false } = {}) => {
          if (committed) throw new Error(AFTER_COMMIT);
          committed = commit;
          return on(tx)(statement);
        });
      }),
  };
}
