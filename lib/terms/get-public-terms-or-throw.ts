import "server-only";
import type { TermsVersion } from "@prisma/client";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { findTermsVersion } from "./find-terms-version";

/**
 * An active studio's terms for anyone to read: the current version, or `version`. 404 for an
 * unknown or suspended studio, one that has published none, and a version it does not have.
 */
export async function getPublicTermsOrThrow(options: { accountId: string; version?: number }): Promise<TermsVersion> {
  const account = await db.account.findFirst({
    where: { id: options.accountId, status: "active" },
    select: { id: true },
  });
  if (!account) throw new AppError("not_found");
  const terms = await findTermsVersion(tenantDb(account.id), options.version);
  if (!terms) throw new AppError("not_found");
  return terms;
}

/** The version in force of an active studio's terms, for a page that shows an earlier one; null when none. */
export function findCurrentPublicTerms(accountId: string): Promise<TermsVersion | null> {
  return findTermsVersion(tenantDb(accountId));
}
