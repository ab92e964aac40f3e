import "server-only";
import type { TermsVersion } from "@prisma/client";
import { ruleDetail } from "@/lib/error-details";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { findCurrentTerms } from "./find-terms-version";

/**
 * The studio's terms in force that an online buyer accepts with their purchase: 400 with a detail
 * `terms_not_accepted` unless `acceptTerms` is true. Null (nothing to accept) while the studio has
 * published none: it sells as it did before it had terms.
 */
export async function acceptedTerms(db: TenantDb, input: { acceptTerms?: boolean }): Promise<TermsVersion | null> {
  const terms = await findCurrentTerms(db);
  if (terms && input.acceptTerms !== true) {
    throw new AppError("validation_failed", { details: [ruleDetail("acceptTerms", "terms_not_accepted")] });
  }
  return terms;
}
