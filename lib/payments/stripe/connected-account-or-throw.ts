import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/** The studio's active connected Stripe account and its methods; 409 `Payments are not set up for this studio` otherwise. */
export async function connectedAccountOrThrow(
  db: TenantDb,
): Promise<{ stripeAccountId: string; paymentMethods: string[] }> {
  const row = await db.accountPayments.findFirst({ where: { stripeStatus: "active", stripeAccountId: { not: null } } });
  if (!row?.stripeAccountId) throw new AppError("payments_not_set_up");
  return { stripeAccountId: row.stripeAccountId, paymentMethods: row.paymentMethods };
}
