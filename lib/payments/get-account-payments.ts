import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { serializeAccountPayments, type AccountPaymentsDto } from "@/lib/schemas/account-payments";

/** How the studio takes payments: the provider, its Stripe account's status, its methods, the platform's fee. */
export async function getAccountPayments({ db }: { db: TenantDb }): Promise<AccountPaymentsDto> {
  const row = await db.accountPayments.findFirst({});
  const { PAYMENTS_PROVIDER, PLATFORM_FEE_PERCENT } = env();
  return serializeAccountPayments(row, {
    provider: PAYMENTS_PROVIDER,
    connectsStripe: PAYMENTS_PROVIDER === "stripe",
    platformFeePercent: PLATFORM_FEE_PERCENT,
  });
}
