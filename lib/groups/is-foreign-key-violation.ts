import { Prisma } from "@prisma/client";

/**
 * Whether a write referred to a row that a concurrent request had just deleted. The PostgreSQL
 * adapter reports Prisma's P2003; the embedded database's adapter passes the driver's error through
 * (SQLSTATE 23503 in its cause). Same shape as lib/auth/is-unique-violation.ts.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2003";
  const cause = (error as { cause?: { code?: unknown; originalCode?: unknown; kind?: unknown } } | null)?.cause;
  return cause?.code === "23503" || cause?.originalCode === "23503" || cause?.kind === "ForeignKeyConstraintViolation";
}
