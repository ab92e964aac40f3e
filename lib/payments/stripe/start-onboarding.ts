import "server-only";
import type Stripe from "stripe";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { stripeAccountStatus } from "./account-status";
import { stripeClient } from "./client";

/** Where Stripe's onboarding sends the administrator back to (done, or the link expired). */
export const PAYMENTS_SETTINGS_PATH = "/dashboard/settings/payments";

/**
 * The studio's Stripe onboarding: its connected account (a Standard account: the studio is the
 * merchant of record with its own Stripe dashboard) is made on first use and kept; every call
 * answers a fresh Account Link to Stripe's hosted onboarding, whose return and refresh URLs come back
 * to the Payments settings page. Two first calls at once make one account (the idempotency key);
 * 409 `Payments run in demo mode` with the demo provider; 503 when Stripe cannot be reached.
 */
export async function startStripeOnboarding({
  db,
  accountId,
  stripe = stripeClient,
}: {
  db: TenantDb;
  accountId: string;
  stripe?: () => Stripe;
}): Promise<{ url: string }> {
  const { PAYMENTS_PROVIDER, APP_URL } = env();
  if (PAYMENTS_PROVIDER !== "stripe") throw new AppError("payments_in_demo_mode");
  try {
    const stripeAccountId = await connectedAccountId(db, accountId, stripe());
    const link = await stripe().accountLinks.create({
      account: stripeAccountId,
      type: "account_onboarding",
      refresh_url: `${APP_URL}${PAYMENTS_SETTINGS_PATH}?stripe=refresh`,
      return_url: `${APP_URL}${PAYMENTS_SETTINGS_PATH}?stripe=return`,
    });
    return { url: link.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error("Stripe failed to start onboarding", {
      accountId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}

async function connectedAccountId(db: TenantDb, accountId: string, stripe: Stripe): Promise<string> {
  const existing = await db.accountPayments.findFirst({ where: { stripeAccountId: { not: null } } });
  if (existing?.stripeAccountId) return existing.stripeAccountId;
  const studio = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const account = await stripe.accounts.create(
    {
      type: "standard",
      ...(studio.contactEmail ? { email: studio.contactEmail } : {}),
      business_profile: { name: studio.name, ...(studio.website ? { url: studio.website } : {}) },
      metadata: { accountId },
    },
    { idempotencyKey: `connect-account-${accountId}` },
  );
  const connection = { stripeAccountId: account.id, stripeStatus: stripeAccountStatus(account) };
  await db.accountPayments.upsert({ where: { accountId }, create: { accountId, ...connection }, update: {} });
  await db.accountPayments.updateMany({ where: { stripeAccountId: null }, data: connection });
  const saved = await db.accountPayments.findFirstOrThrow({});
  return saved.stripeAccountId ?? account.id;
}
