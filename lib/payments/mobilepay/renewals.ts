import "server-only";
import { Prisma, type Order } from "@prisma/client";
import { AppError } from "@/lib/errors";
import { db as rootDb } from "@/lib/db";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import type { SalesUnit } from "./client";
import { cancelCharge, createCharge, getAgreement, refundCharge, stopAgreement, type Agreement } from "./recurring";
import { connectedSalesUnit, noteRefusedKeys } from "./sales-unit";
import { createOrder } from "@/lib/orders/create-order";
import { applyMobilepayReport, type MobilepayOutcome } from "./apply-events";

// Renewals of MobilePay memberships (decision 0040): we make each period's charge on the member's
// agreement ourselves, ahead of its due date, and apply its outcome once.

const DAY_MS = 86_400_000;
/** Their minimum notice: a charge is due at least 2 days after it is made. */
export const MOBILEPAY_NOTICE_DAYS = 2;
/** The days Vipps MobilePay retries a charge the member's card or account refused. */
export const MOBILEPAY_RETRY_DAYS = 2;
/** How long before a period ends its charge is made: notice + retries + a day for a late job. */
const LEAD_DAYS = MOBILEPAY_NOTICE_DAYS + MOBILEPAY_RETRY_DAYS + 1;

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Makes the next period's charge of each active, uncancelled, not past-due MobilePay membership of
 * the account whose period ends within LEAD_DAYS: due its retry days before the period ends (so its
 * outcome is known by then), never sooner than their notice allows; the full price, retried for
 * MOBILEPAY_RETRY_DAYS; the idempotency key names the entitlement and the period, so two processes or
 * a retried run make one charge. A pending renewal order with the charge is written beside it (the
 * unique charge id keeps it one). Returns how many charges were made.
 */
export async function chargeMobilepayRenewals({ db, now }: { db: TenantDb; now: Date }): Promise<number> {
  const unit = await connectedSalesUnit(db);
  if (!unit) return 0;
  const due = await db.entitlement.findMany({
    where: {
      status: "active",
      cancelAt: null,
      pastDueSince: null,
      validUntil: { lte: new Date(now.getTime() + LEAD_DAYS * DAY_MS) },
      providerSubscriptionId: { not: null },
      product: { type: "subscription" },
      order: { is: { provider: "mobilepay" } },
    },
    include: { order: true, product: { select: { name: true } } },
    orderBy: [{ validUntil: "asc" }, { id: "asc" }],
  });
  let made = 0;
  for (const { order, product, ...entitlement } of due) {
    const agreementId = entitlement.providerSubscriptionId!;
    const periodEnd = entitlement.validUntil!;
    const open = await db.order.count({ where: { mobilepayAgreementId: agreementId, status: "pending" } });
    if (open > 0 || !order) continue;
    const price = await db.price.findFirst({ where: { id: entitlement.priceId ?? order.priceId } });
    if (!price) continue;
    // The member may have stopped the agreement in the app (and its webhook been lost): cancelled then.
    if (await cancelIfStopped({ db, unit, agreementId })) continue;
    const earliest = new Date(now.getTime() + MOBILEPAY_NOTICE_DAYS * DAY_MS);
    const wanted = new Date(periodEnd.getTime() - MOBILEPAY_RETRY_DAYS * DAY_MS);
    let chargeId: string;
    try {
      ({ chargeId } = await createCharge(
        unit,
        agreementId,
        {
          amount: price.amount,
          description: product.name.slice(0, 45),
          due: day(wanted > earliest ? wanted : earliest),
          retryDays: MOBILEPAY_RETRY_DAYS,
          transactionType: "DIRECT_CAPTURE",
        },
        `renewal-${entitlement.id}-${periodEnd.getTime()}`,
      ));
    } catch (error) {
      log.warn("Vipps MobilePay renewal charge could not be made", {
        entitlementId: entitlement.id,
        errorName: error instanceof Error ? error.name : typeof error,
      });
      continue;
    }
    try {
      await db.$transaction((tx) =>
        createOrder(tx, {
          userId: entitlement.userId,
          productId: entitlement.productId,
          price,
          provider: "mobilepay",
          mobilepayAgreementId: agreementId,
          mobilepayChargeId: chargeId,
        }),
      );
      made++;
    } catch (error) {
      // Another process wrote this charge's order first.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }
  }
  return made;
}

/**
 * The member stopped the agreement in the MobilePay app (or it ended otherwise): their membership is
 * cancelled at its period's end, as if they had cancelled here (nothing more can be charged). True
 * when the agreement is no longer active; the write is conditional, so a second look changes nothing.
 */
export async function cancelIfStopped({
  db,
  unit,
  agreementId,
}: {
  db: TenantDb;
  unit: SalesUnit;
  agreementId: string;
}): Promise<boolean> {
  let agreement: Agreement;
  try {
    agreement = await getAgreement(unit, agreementId);
  } catch (error) {
    log.warn("Vipps MobilePay agreement could not be read", {
      errorName: error instanceof Error ? error.name : typeof error,
    });
    return false;
  }
  if (agreement.status === "ACTIVE" || agreement.status === "PENDING") return false;
  const memberships = await db.entitlement.findMany({
    where: { providerSubscriptionId: agreementId, cancelAt: null },
    select: { id: true, validUntil: true },
  });
  for (const membership of memberships)
    await db.entitlement.updateMany({
      where: { id: membership.id, cancelAt: null },
      data: { cancelAt: membership.validUntil ?? new Date() },
    });
  return true;
}

export type ChargeOutcome = Exclude<MobilepayOutcome, "fulfilled">;

/**
 * A pending renewal order's charge, read from Vipps MobilePay and applied once (payment-events.ts,
 * apply-events.ts): CHARGED → the order `paid` with its receipt number, `order.paid` and email, and
 * one more period on the membership (order-events.ts, as a card renewal); FAILED (after its retry
 * days) → the order `failed` and the membership past due; CANCELLED (we stopped it: the membership
 * was cancelled) → the order `failed`.
 */
export async function settleMobilepayCharge({
  accountId,
  orderId,
  now,
}: {
  accountId: string;
  orderId: string;
  now: Date;
}): Promise<ChargeOutcome> {
  return (await applyMobilepayReport({ source: "poll", accountId, orderId }, now)) as ChargeOutcome;
}

const POLL_BATCH = 50;

/**
 * The renewal work of every studio with a sales unit (periodic work, and POST
 * /admin/jobs/renew-subscriptions for one studio): the charges due to be made, then the pending
 * renewal orders' charges looked at again (the safety net for lost webhooks).
 */
export async function renewMobilepayMemberships({
  accountId,
  now,
}: {
  accountId?: string;
  now: Date;
}): Promise<{ charged: number; renewed: number }> {
  const studios = accountId
    ? [{ accountId }]
    : await rootDb.accountPayments.findMany({ where: { mobilepayStatus: "connected" }, select: { accountId: true } });
  let charged = 0;
  for (const studio of studios) charged += await chargeMobilepayRenewals({ db: tenantDb(studio.accountId), now });
  const pending = await rootDb.order.findMany({
    where: {
      ...(accountId && { accountId }),
      provider: "mobilepay",
      status: "pending",
      providerRef: null,
      mobilepayChargeId: { not: null },
      account: { payments: { is: { mobilepayStatus: "connected" } } },
    },
    select: { id: true, accountId: true },
    orderBy: { createdAt: "asc" },
    take: POLL_BATCH,
  });
  let renewed = 0;
  for (const order of pending) {
    try {
      if ((await settleMobilepayCharge({ accountId: order.accountId, orderId: order.id, now })) === "renewed")
        renewed++;
    } catch (error) {
      await noteRefusedKeys(order.accountId, error);
      log.warn("Vipps MobilePay charge could not be polled", {
        orderId: order.id,
        errorName: error instanceof Error ? error.name : typeof error,
      });
    }
  }
  return { charged, renewed };
}

/**
 * A cancelled MobilePay membership: its charges not yet taken are cancelled and its agreement stopped,
 * so nothing more is charged; it stays usable until its `cancelAt` (the period's end). Vipps
 * MobilePay out of reach: 503, nothing changed. A studio that disconnected its sales unit meanwhile
 * cannot reach the agreement: cancelled here only (logged).
 */
export async function stopMobilepayAgreement({
  db,
  entitlementId,
  agreementId,
}: {
  db: TenantDb;
  entitlementId: string;
  agreementId: string | null;
}): Promise<void> {
  const unit = await connectedSalesUnit(db);
  if (!unit || !agreementId) {
    log.warn("MobilePay membership cancelled here only: no sales unit connected", { entitlementId });
    return;
  }
  const open = await db.order.findMany({
    where: { provider: "mobilepay", mobilepayAgreementId: agreementId, status: "pending", providerRef: null },
    select: { mobilepayChargeId: true },
  });
  try {
    for (const { mobilepayChargeId } of open)
      if (mobilepayChargeId) await cancelCharge(unit, agreementId, mobilepayChargeId);
    await stopAgreement(unit, agreementId);
  } catch (error) {
    log.error("Vipps MobilePay refused to stop an agreement", {
      entitlementId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}

/** Refunds `amount` of a paid MobilePay order's charge through the Recurring API (503 when that fails). */
export async function refundMobilepayCharge({
  db,
  order,
  amount,
}: {
  db: TenantDb;
  order: Order;
  amount: number;
}): Promise<void> {
  const unit = await connectedSalesUnit(db);
  if (!unit || !order.mobilepayAgreementId || !order.mobilepayChargeId) {
    log.error("MobilePay order cannot be refunded: no sales unit or charge", { orderId: order.id });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
  try {
    // One refund per part: the first of the whole keeps the key it always had.
    const part = order.refundedAmount === 0 ? "" : `-${order.refundedAmount}-${amount}`;
    await refundCharge(unit, order.mobilepayAgreementId, order.mobilepayChargeId, amount, "Refund", part);
  } catch (error) {
    log.error("Vipps MobilePay failed to refund an order", {
      orderId: order.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}

/**
 * After a refund: when it revoked the membership its order bought, the agreement is stopped too, so
 * the member's app no longer shows it active. Best effort: a revoked membership is never charged
 * again either way (a failure is logged by stopMobilepayAgreement).
 */
export async function stopAgreementOfRevokedMembership({ db, order }: { db: TenantDb; order: Order }): Promise<void> {
  if (!order.mobilepayAgreementId) return;
  const revoked = await db.entitlement.findFirst({
    where: { orderId: order.id, status: "revoked" },
    select: { id: true },
  });
  if (!revoked) return;
  await stopMobilepayAgreement({ db, entitlementId: revoked.id, agreementId: order.mobilepayAgreementId }).catch(
    () => undefined,
  );
}
