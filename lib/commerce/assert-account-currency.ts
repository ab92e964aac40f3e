import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/** An amount off is in the account's currency, the one its prices are in; else 400. */
export async function assertAccountCurrency({
  db,
  accountId,
  currency,
}: {
  db: TenantDb;
  accountId: string;
  currency: string;
}): Promise<void> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  if (account.currency !== currency) {
    throw new AppError("validation_failed", {
      details: [ruleDetail("currency", "currency_mismatch", { currency: account.currency })],
    });
  }
}
