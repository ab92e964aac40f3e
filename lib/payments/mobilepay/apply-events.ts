import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { applyPaymentEvent, type AppliedPaymentEvent } from "@/lib/orders/apply-payment-event";
import type { PaymentEvent } from "@/lib/orders/payment-event";
import { noticeMembershipPastDue } from "@/lib/commerce/notice-membership-past-due";
import type { ProviderReport } from "../payment-provider";
import { mobilepayPaymentEvents } from "./payment-events";

const DAY_MS = 86_400_000;

/**
 * What applying a MobilePay report did to its order: a checkout `fulfilled` (paid, its membership
 * granted), a renewal `renewed` (one more period), a renewal whose charge failed `past_due`, an
 * order `failed`, or `unchanged` (nothing decided yet, or told before).
 */
export type MobilepayOutcome = "fulfilled" | "renewed" | "past_due" | "failed" | "unchanged";

/** A webhook delivery or a poll of one order: what Vipps MobilePay says now (payment-events.ts), applied once. */
export async function applyMobilepayReport(report: ProviderReport, now: Date): Promise<MobilepayOutcome> {
  let outcome: MobilepayOutcome = "unchanged";
  for (const event of await mobilepayPaymentEvents(report, now)) outcome = await applyMobilepayPaymentEvent(event);
  return outcome;
}

/**
 * One payment event of MobilePay applied once (lib/orders, applyPaymentEvent); a renewal whose charge
 * FAILED after its retry days also makes the membership past due, in the same transaction: usable
 * until the studio's grace days after the period it did not pay for, never renewed again, the
 * member and the administrators emailed.
 */
export async function applyMobilepayPaymentEvent(event: PaymentEvent): Promise<MobilepayOutcome> {
  let pastDue = false;
  const lapsed = event.kind === "failed" && event.payment?.for === "renewal" && event.detail === "FAILED";
  const applied = await applyPaymentEvent(event, {
    ...(lapsed && {
      also: async (tx: TenantTx) => {
        pastDue = await markPastDue(tx, event.orderRef.accountId, event.payment!.providerSubscriptionId!);
      },
    }),
  });
  const outcome = outcomeOf(event, applied, pastDue);
  log.info("Vipps MobilePay payment event applied", {
    orderId: event.orderRef.orderId,
    eventId: event.eventId,
    detail: event.detail,
    outcome,
  });
  return outcome;
}

function outcomeOf(event: PaymentEvent, applied: AppliedPaymentEvent, pastDue: boolean): MobilepayOutcome {
  if (applied.outcome !== "applied") return "unchanged";
  if (event.kind === "paid") return event.payment?.for === "renewal" ? "renewed" : "fulfilled";
  return pastDue ? "past_due" : "failed";
}

/** The agreement's membership past due: `pastDueSince` its period's end, usable for the grace days after it. */
async function markPastDue(tx: TenantTx, accountId: string, agreementId: string): Promise<boolean> {
  const entitlement = await tx.entitlement.findFirst({
    where: { providerSubscriptionId: agreementId, pastDueSince: null, status: "active" },
  });
  if (!entitlement?.validUntil) return false;
  const payments = await tx.accountPayments.findFirst({ select: { mobilepayGraceDays: true } });
  const graceDays = payments?.mobilepayGraceDays ?? 7;
  const { count } = await tx.entitlement.updateMany({
    where: { id: entitlement.id, pastDueSince: null, validUntil: entitlement.validUntil },
    data: {
      pastDueSince: entitlement.validUntil,
      validUntil: new Date(entitlement.validUntil.getTime() + graceDays * DAY_MS),
    },
  });
  if (count !== 1) return false;
  await noticeMembershipPastDue(tx, { accountId, entitlement });
  return true;
}
