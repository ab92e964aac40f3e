import "server-only";
import type { TermsVersion } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every published version of the studio's terms, the newest (the one in force) first. */
export function listTermsVersions({ db }: { db: TenantDb }): Promise<TermsVersion[]> {
  return db.termsVersion.findMany({ orderBy: { version: "desc" } });
}
