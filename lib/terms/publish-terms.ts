import "server-only";
import { createHash } from "node:crypto";
import type { TermsVersion } from "@prisma/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import type { PublishTermsInput } from "@/lib/schemas/terms";

const ATTEMPTS = 5;

/**
 * Publishes the studio's terms as its next version (1, 2, 3, …), in force from now on. Two publishes
 * at once both read the same last version: the unique (accountId, version) lets one insert win and
 * the other try again with the number after it.
 */
export async function publishTerms({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: PublishTermsInput;
}): Promise<TermsVersion> {
  const texts = { da: input.da, en: input.en || null };
  const sha256 = termsSha256(texts);
  for (let attempt = 1; ; attempt++) {
    try {
      return await withRetry(
        () =>
          db.$transaction(async (tx) => {
            const last = await tx.termsVersion.findFirst({ orderBy: { version: "desc" }, select: { version: true } });
            return tx.termsVersion.create({ data: { accountId, ...texts, sha256, version: (last?.version ?? 0) + 1 } });
          }, TRANSACTION_OPTIONS),
        { label: "publish terms" },
      );
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The fingerprint of a version's texts, as the API documents it: SHA-256 of `{"da":…,"en":…}`. */
export function termsSha256(texts: { da: string; en: string | null }): string {
  return createHash("sha256")
    .update(JSON.stringify({ da: texts.da, en: texts.en }), "utf8")
    .digest("hex");
}
