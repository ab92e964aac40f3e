import { Prisma } from "@prisma/client";

/**
 * Whether a write lost a race for a unique key. The PostgreSQL adapter reports Prisma's P2002; the
 * embedded database's adapter passes the driver's error through (SQLSTATE 23505 in its cause).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const cause = (error as { cause?: { code?: unknown; originalCode?: unknown; kind?: unknown } } | null)?.cause;
  return cause?.code === "23505" || cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation";
}
