import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

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
      details: [{ path: "currency", message: `Must be the account's currency (${account.currency})` }],
    });
  }
}
