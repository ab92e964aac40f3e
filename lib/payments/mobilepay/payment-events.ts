import "server-only";
import type { Order } from "@prisma/client";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import type { PaymentEvent } from "@/lib/orders/payment-event";
import type { ProviderReport } from "../payment-provider";
import { MobilepayNotFound, type SalesUnit } from "./client";
import type { MobilepayEvent } from "./read-webhook";
import { getAgreement, getCharge, type Agreement, type Charge } from "./recurring";
import { connectedSalesUnit } from "./sales-unit";

// What Vipps MobilePay says of our pending orders, as payment events (lib/orders applies them once).
// Its webhook says only that something changed: the order's agreement or charge is read again, by
// the webhook and by the polls alike, and the event is named after what was read
// (`agreement:<id>:paid`, `charge:<id>:failed`), so the webhook, its redeliveries and the polls
// telling the same outcome are one event.

/**
 * The payment events of a MobilePay report: a webhook delivery (the order its charge pays, else
 * the agreement's first order) or a poll of one order, read again at Vipps MobilePay. None for an
 * order no longer pending, of a studio with no sales unit, or when nothing is decided yet. Throws
 * MobilepayUnavailable or MobilepayKeysRefused when they cannot be asked.
 */
export async function mobilepayPaymentEvents(report: ProviderReport, now: Date): Promise<PaymentEvent[]> {
  if (report.source === "webhook" && !report.accountId) return [];
  const accountId = report.accountId!;
  const db = tenantDb(accountId);
  const order =
    report.source === "poll"
      ? await db.order.findFirst({ where: { id: report.orderId, provider: "mobilepay" } })
      : await orderOfWebhook(db, report.body as MobilepayEvent);
  if (order?.status !== "pending") return [];
  const unit = await connectedSalesUnit(db);
  if (!unit) return [];
  const event = order.providerRef ? await agreementEvent(unit, order, now) : await chargeEvent(unit, order, now);
  return event ? [event] : [];
}

/** The order a webhook delivery is about: the one its charge pays, else its agreement's first order. */
export async function orderOfWebhook(db: TenantDb, event: MobilepayEvent): Promise<Order | null> {
  const byCharge = event.chargeId
    ? await db.order.findFirst({ where: { provider: "mobilepay", mobilepayChargeId: event.chargeId } })
    : null;
  if (byCharge || !event.agreementId) return byCharge;
  return db.order.findFirst({ where: { provider: "mobilepay", providerRef: event.agreementId } });
}

/**
 * A checkout's agreement (and its initial charge): ACTIVE with the initial charge CHARGED (or none)
 * → paid, the agreement billing the later periods; STOPPED or EXPIRED (declined, or let lapse), the
 * initial charge FAILED or CANCELLED, or an agreement Vipps MobilePay no longer knows (404: nothing
 * will ever be approved) → failed. Anything else: nothing yet.
 */
async function agreementEvent(unit: SalesUnit, order: Order, now: Date): Promise<PaymentEvent | null> {
  const agreementId = order.providerRef!;
  let agreement: Agreement;
  try {
    agreement = await getAgreement(unit, agreementId);
  } catch (error) {
    if (!(error instanceof MobilepayNotFound)) throw error;
    return event(order, now, { eventId: `agreement:${agreementId}:not_found`, kind: "failed", detail: "NOT_FOUND" });
  }
  const charge = order.mobilepayChargeId ? await getCharge(unit, agreementId, order.mobilepayChargeId) : null;
  const kind = verdictOf(agreement, charge);
  if (!kind) return null;
  return event(order, now, {
    eventId: `agreement:${agreementId}:${kind}`,
    kind,
    payment: { for: "purchase", providerSubscriptionId: agreement.id },
    detail: charge && kind === "failed" && agreement.status === "ACTIVE" ? charge.status : agreement.status,
  });
}

function verdictOf(agreement: Agreement, charge: Charge | null): "paid" | "failed" | null {
  if (agreement.status === "STOPPED" || agreement.status === "EXPIRED") return "failed";
  if (charge && ["FAILED", "CANCELLED"].includes(charge.status)) return "failed";
  if (agreement.status !== "ACTIVE") return null;
  return !charge || charge.status === "CHARGED" ? "paid" : null;
}

/**
 * A renewal order's charge: CHARGED → paid, one more period of the membership its agreement bills;
 * FAILED (after its retry days) or CANCELLED (we stopped it) → failed (`detail` says which: a
 * FAILED one makes the membership past due). Anything else: nothing yet.
 */
async function chargeEvent(unit: SalesUnit, order: Order, now: Date): Promise<PaymentEvent | null> {
  const agreementId = order.mobilepayAgreementId;
  if (!order.mobilepayChargeId || !agreementId) return null;
  const charge = await getCharge(unit, agreementId, order.mobilepayChargeId);
  const kind = charge.status === "CHARGED" ? "paid" : ["FAILED", "CANCELLED"].includes(charge.status) ? "failed" : null;
  if (!kind) return null;
  return event(order, now, {
    eventId: `charge:${charge.id}:${kind}`,
    kind,
    payment: { for: "renewal", providerSubscriptionId: agreementId },
    detail: charge.status,
  });
}

function event(
  order: Order,
  at: Date,
  fields: Pick<PaymentEvent, "eventId" | "kind" | "payment" | "detail">,
): PaymentEvent {
  return { provider: "mobilepay", orderRef: { accountId: order.accountId, orderId: order.id }, at, ...fields };
}
