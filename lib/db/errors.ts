import { Prisma } from "@prisma/client";

/**
 * The PostgreSQL SQLSTATE behind a failed query, whatever form the adapter reports it in: the
 * PostgreSQL adapter maps known ones to Prisma codes (P2002, P2003, P2034), the embedded database's
 * adapter passes the driver's error through with the SQLSTATE in its cause. Verified on both
 * adapters by errors.test.ts and with-retry.test.ts.
 */
export function sqlState(error: unknown): string | undefined {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // A failed raw query arrives as P2010 with the driver's error in meta.driverAdapterError.
    const adapterError = (error.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
    return (adapterError ? driverSqlState(adapterError) : undefined) ?? PRISMA_CODES[error.code];
  }
  return driverSqlState(error);
}

function driverSqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; originalCode?: unknown; kind?: unknown; cause?: unknown };
    for (const value of [candidate.originalCode, candidate.code]) {
      if (typeof value === "string" && /^[0-9A-Z]{5}$/.test(value)) return value;
    }
    if (typeof candidate.kind === "string" && ADAPTER_KINDS[candidate.kind]) return ADAPTER_KINDS[candidate.kind];
    current = candidate.cause;
  }
  return undefined;
}

const PRISMA_CODES: Record<string, string> = { P2002: "23505", P2003: "23503", P2034: "40001" };
const ADAPTER_KINDS: Record<string, string> = {
  UniqueConstraintViolation: "23505",
  ForeignKeyConstraintViolation: "23503",
  TransactionWriteConflict: "40001",
};

/** A write lost a race for a unique key. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === "23505";

/**
 * PostgreSQL refused a value (class 22, data exception: NUL in text, a date out of its range, a
 * number too large). The schemas should have refused it first; reaching here is still bad input.
 */
export const isRefusedValue = (error: unknown): boolean => sqlState(error)?.startsWith("22") ?? false;

/** A write referred to a row that a concurrent request had just deleted. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === "23503";

/**
 * Why a call could not be served by the database, when the reason is the database's availability and
 * not the call: `unreachable`, no connection could be made or the server ended it (refused, reset,
 * terminated by an admin or a shutdown, starting up, a connection timeout); `busy`, the database is
 * fine but the call ran out of time waiting: every pooled connection stayed in use for
 * DATABASE_POOL_TIMEOUT_MS, a transaction could not start within its maxWait or ran past its
 * timeout (often waiting for a row another transaction holds locked), or a lock or statement
 * timeout set on the database ended a statement. `signal` names what gave it away (an error code,
 * an adapter error kind, a driver message), for the log.
 */
export type DatabaseUnavailable = { reason: "unreachable" | "busy"; signal: string };

/**
 * Reads every shape an unavailable database reaches us in, verified by errors.test.ts: node-postgres'
 * errors as the raw SQL path gets them (a socket error code, a server error's SQLSTATE, or only a
 * message for the pool's and the client's own timeouts and lost connections), and the same wrapped
 * by Prisma (P1001/P1017/P2010 with the adapter's error in meta.driverAdapterError, a
 * DriverAdapterError with the error in its cause, or the driver's error passed through).
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  let busy: DatabaseUnavailable | undefined;
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== "object") continue;
    const node = current as {
      code?: unknown;
      errorCode?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
      errors?: unknown;
    };
    for (const value of [node.code, node.errorCode, node.originalCode, node.kind]) {
      if (typeof value !== "string") continue;
      if (isUnreachableCode(value)) return { reason: "unreachable", signal: value };
      if (BUSY_CODES.has(value)) busy ??= { reason: "busy", signal: value };
    }
    if (typeof node.message === "string") {
      const message = UNREACHABLE_MESSAGES.find((text) => (node.message as string).includes(text));
      if (message) return { reason: "unreachable", signal: message };
      const busyMessage = BUSY_MESSAGES.find((text) => (node.message as string).includes(text));
      if (busyMessage) busy ??= { reason: "busy", signal: busyMessage };
    }
    pending.push(node.cause, node.meta?.driverAdapterError, ...(Array.isArray(node.errors) ? node.errors : []));
  }
  return busy;
}

function isUnreachableCode(code: string): boolean {
  return UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code); // SQLSTATE class 08, connection exception
}

const UNREACHABLE_CODES = new Set([
  // Prisma: can't reach the server, timed out reaching it, the server closed the connection.
  "P1001",
  "P1002",
  "P1017",
  // SQLSTATE: admin_shutdown (also pg_terminate_backend), crash_shutdown, cannot_connect_now, too_many_connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  // Socket errors, as node-postgres reports them.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  // Kinds of @prisma/adapter-pg's errors.
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/** node-postgres' own errors, which carry no code. */
const UNREACHABLE_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Client has encountered a connection error and is not queryable",
];
/** The pool's: no connection came free in time (lib/db/client.ts counts them for the metrics). */
export const POOL_TIMEOUT_MESSAGE = "timeout exceeded when trying to connect";

/**
 * Out of time, the database itself answering: Prisma's transaction API (P2028: not started within
 * maxWait, or used past its timeout), lock_not_available (a lock_timeout), query_canceled (a
 * statement_timeout, or an operator's pg_cancel_backend).
 */
const BUSY_CODES = new Set(["P2028", "55P03", "57014"]);
const BUSY_MESSAGES = [
  POOL_TIMEOUT_MESSAGE,
  "Unable to start a transaction in the given time",
  "Transaction already closed",
  "on an expired transaction",
];
