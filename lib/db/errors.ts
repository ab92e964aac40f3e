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

/** A write referred to a row that a concurrent request had just deleted. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === "23503";
