import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { applyPaymentEventOnce } from "@/lib/orders/apply-payment-event";
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
  const outcome = await applyPaymentEventOnce(connected.accountId, `stripe:${event.id}`, async (tx) => {
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
