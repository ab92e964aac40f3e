import "server-only";
import type { TermsVersion } from "@prisma/client";
import { db as rootDb } from "@/lib/db";
import type { TenantDb } from "@/lib/db/tenant-db";
import { listTermsVersions } from "./list-terms-versions";
import { starterTerms } from "./starter-terms";

export type TermsSettings = {
  /** Every published version, the one in force first; empty while there are none. */
  versions: TermsVersion[];
  /** What the form starts from: the version in force, or the starter draft while none is published. */
  draft: { da: string; en: string };
  /** The draft is our starter template, not yet the studio's. */
  starter: boolean;
  /** The number the next publish gets. */
  nextVersion: number;
};

/** The dashboard's terms page: the studio's versions and the text to edit and publish next. */
export async function getTermsSettings({ db, accountId }: { db: TenantDb; accountId: string }): Promise<TermsSettings> {
  const versions = await listTermsVersions({ db });
  const current = versions[0];
  const nextVersion = (current?.version ?? 0) + 1;
  if (current) return { versions, draft: { da: current.da, en: current.en ?? "" }, starter: false, nextVersion };
  const account = await rootDb.account.findUniqueOrThrow({ where: { id: accountId } });
  return { versions, draft: starterTerms(account), starter: true, nextVersion };
}
