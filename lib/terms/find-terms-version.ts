import "server-only";
import type { TermsVersion } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";

/** The version of the studio's terms in force: its newest; null while it has published none. */
export function findCurrentTerms(db: TenantDb | TenantTx): Promise<TermsVersion | null> {
  return db.termsVersion.findFirst({ orderBy: { version: "desc" } });
}

/** A version of the studio's terms by its number, else the current one; null when there is no such. */
export function findTermsVersion(db: TenantDb | TenantTx, version?: number | null): Promise<TermsVersion | null> {
  if (version === undefined || version === null) return findCurrentTerms(db);
  return db.termsVersion.findFirst({ where: { version } });
}
