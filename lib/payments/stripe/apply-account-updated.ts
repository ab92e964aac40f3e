import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { stripeAccountStatus } from "./account-status";

/**
 * `account.updated` of a studio's connected account (Connect webhook): its status, charges and
 * payouts become what the event's Account says, once per event (the event id recorded in the same
 * transaction). An account no studio is connected to is ignored.
 */
export async function applyAccountUpdated(
  event: Stripe.Event,
  account: Stripe.Account,
): Promise<"account_updated" | "duplicate" | "ignored"> {
  const connected = await db.accountPayments.findUnique({
    where: { stripeAccountId: account.id },
    select: { accountId: true },
  });
  if (!connected) {
    log.warn("Stripe account.updated for an account no studio is connected to ignored", { eventType: event.type });
    return "ignored";
  }
  const outcome = await tenantDb(connected.accountId).$transaction(async (tx) => {
    const { count } = await tx.processedPaymentEvent.createMany({
      data: [{ id: `stripe:${event.id}` }],
      skipDuplicates: true,
    });
    if (count === 0) return "duplicate" as const;
    await tx.accountPayments.updateMany({
      where: { stripeAccountId: account.id },
      data: {
        stripeStatus: stripeAccountStatus(account),
        stripeChargesEnabled: account.charges_enabled ?? false,
        stripePayoutsEnabled: account.payouts_enabled ?? false,
      },
    });
    return "account_updated" as const;
  });
  log.info("Stripe event handled", { eventType: event.type, outcome });
  return outcome;
}
