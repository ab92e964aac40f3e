import "server-only";
import type Stripe from "stripe";
import type { TenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { stripeAccountStatus } from "./account-status";
import { stripeClient } from "./client";

/**
 * Asks Stripe for the studio's connected account and stores its status, for the administrator just
 * back from onboarding (its `account.updated` may not have arrived yet). Stripe unreachable: the
 * stored status stays, and the webhook brings it later.
 */
export async function refreshStripeAccount({
  db,
  stripe = stripeClient,
}: {
  db: TenantDb;
  stripe?: () => Stripe;
}): Promise<void> {
  const row = await db.accountPayments.findFirst({ where: { stripeAccountId: { not: null } } });
  if (!row?.stripeAccountId) return;
  try {
    const account = await stripe().accounts.retrieve(row.stripeAccountId);
    await db.accountPayments.updateMany({
      where: { stripeAccountId: row.stripeAccountId },
      data: {
        stripeStatus: stripeAccountStatus(account),
        stripeChargesEnabled: account.charges_enabled ?? false,
        stripePayoutsEnabled: account.payouts_enabled ?? false,
      },
    });
  } catch (error) {
    log.warn("Stripe account could not be refreshed", {
      errorName: error instanceof Error ? error.name : typeof error,
    });
  }
}
