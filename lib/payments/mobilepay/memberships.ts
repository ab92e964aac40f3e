import "server-only";
import type { Account, Order, Price, Product } from "@prisma/client";
import { db as rootDb } from "@/lib/db";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { MobilepayKeysRefused, MobilepayUnavailable, type SalesUnit } from "./client";
import { createAgreement } from "./recurring";
import { connectedSalesUnit, noteRefusedKeys } from "./sales-unit";
import { cancelIfStopped } from "./renewals";
import { applyMobilepayReport, type MobilepayOutcome } from "./apply-events";
import { orderOfWebhook } from "./payment-events";
import type { MobilepayEvent } from "./read-webhook";

// Memberships paid with MobilePay through the studio's own sales unit (decision 0040): an agreement the
// member approves in the app, its initial charge paying the first period.

/**
 * The studio's sales unit for a MobilePay checkout of `price`: 400 for a price that is not a
 * membership's (one-off purchases take Stripe's MobilePay; instalments are card-only), 409 `MobilePay
 * is not set up for this studio` when no sales unit is connected.
 */
export async function mobilepayCheckoutUnit(db: TenantDb, price: Price): Promise<SalesUnit> {
  if (price.interval === null || price.instalments !== null) {
    throw new AppError("validation_failed", { details: [ruleDetail("paymentMethod", "mobilepay_memberships_only")] });
  }
  const unit = await connectedSalesUnit(db);
  if (!unit) throw new AppError("mobilepay_not_set_up");
  return unit;
}

const INTERVAL_UNITS = { week: "WEEK", month: "MONTH", year: "YEAR" } as const;

/**
 * Draws up the agreement of a pending order (after its transaction, as Stripe's session is): the
 * price each period, the product's and the studio's names, an initial charge of what the order
 * costs (the first period, less a promo code; none when that is 0) captured at once. The order's id
 * is the idempotency key, so a retried request makes no second agreement. The member comes back to
 * `returnPath` (else their page at the studio).
 */
export async function openMobilepayAgreement(
  unit: SalesUnit,
  {
    order,
    product,
    price,
    studio,
    returnPath,
  }: {
    order: Order;
    product: Pick<Product, "name">;
    price: Price;
    studio: Pick<Account, "name" | "slug">;
    returnPath: string | null;
  },
): Promise<{ agreementId: string; chargeId: string | null; confirmationUrl: string }> {
  const appUrl = env().APP_URL;
  const studioPage = `/${encodeURIComponent(studio.slug)}/me`;
  const back = returnPath ?? studioPage;
  const separator = back.includes("?") ? "&" : "?";
  const answer = await createAgreement(
    unit,
    {
      pricing: { type: "LEGACY", amount: price.amount, currency: price.currency },
      interval: {
        unit: INTERVAL_UNITS[price.interval as keyof typeof INTERVAL_UNITS],
        count: price.intervalCount ?? 1,
      },
      productName: product.name.slice(0, 45),
      productDescription: studio.name.slice(0, 100),
      merchantRedirectUrl: `${appUrl}${back}${separator}checkout=mobilepay&order=${encodeURIComponent(order.id)}`,
      merchantAgreementUrl: `${appUrl}${studioPage}`,
      externalId: order.id,
      // What a gift card paid of the first payment is not charged (the order's `giftCardAmount`).
      ...(order.amount - order.giftCardAmount > 0 && {
        initialCharge: {
          amount: order.amount - order.giftCardAmount,
          description: product.name.slice(0, 45),
          transactionType: "DIRECT_CAPTURE" as const,
          orderId: order.id,
        },
      }),
    },
    order.id,
  );
  return {
    agreementId: answer.agreementId,
    chargeId: answer.chargeId ?? null,
    confirmationUrl: answer.vippsConfirmationUrl,
  };
}

export type AgreementOutcome = Extract<MobilepayOutcome, "fulfilled" | "failed" | "unchanged">;

/**
 * Reads a pending MobilePay order's agreement (and its initial charge) from Vipps MobilePay and
 * applies what it says once (payment-events.ts, apply-events.ts): ACTIVE with the initial charge
 * CHARGED (or none) → the order `paid` with its membership, as a Stripe first payment; STOPPED or
 * EXPIRED (the member declined or let it lapse), the initial charge FAILED or CANCELLED, or an
 * agreement they no longer know (404) → `failed` as a failed card checkout. The webhook, its
 * redeliveries and the poll telling the same outcome are one payment event, applied once. Anything
 * else: unchanged.
 */
export async function applyMobilepayAgreement({
  accountId,
  orderId,
  now = new Date(),
}: {
  accountId: string;
  orderId: string;
  now?: Date;
}): Promise<AgreementOutcome> {
  return (await applyMobilepayReport({ source: "poll", accountId, orderId }, now)) as AgreementOutcome;
}

/**
 * A verified delivery to a studio's webhook: the order it is about (the order its charge pays, else
 * the agreement's first order), looked at again at Vipps MobilePay. An event of no order of ours is
 * ignored; Vipps MobilePay out of reach is 503 (it delivers again; the poll looks meanwhile).
 */
export async function applyMobilepayEvent({
  accountId,
  event,
  now = new Date(),
}: {
  accountId: string;
  event: MobilepayEvent;
  now?: Date;
}): Promise<MobilepayOutcome> {
  const db = tenantDb(accountId);
  try {
    const order = await orderOfWebhook(db, event);
    if (!order) return "unchanged";
    if (order.status !== "pending" && event.eventType === "recurring.agreement-stopped.v1" && order.providerRef) {
      // Stopped in the app after it was paid: the membership ends with its period.
      const unit = await connectedSalesUnit(db);
      if (unit) await cancelIfStopped({ db, unit, agreementId: order.providerRef });
      return "unchanged";
    }
    return await applyMobilepayReport({ source: "webhook", accountId, body: event }, now);
  } catch (error) {
    if (!(error instanceof MobilepayUnavailable || error instanceof MobilepayKeysRefused)) throw error;
    await noteRefusedKeys(accountId, error);
    throw new AppError("service_unavailable", { retryAfter: 30 });
  }
}

const POLL_BATCH = 50;

/**
 * The safety net for lost webhooks (periodic work, lib/jobs/app-jobs.ts): every pending MobilePay
 * order with an agreement, looked at again. A studio Vipps MobilePay cannot be asked about now is
 * skipped until the next run.
 */
export async function pollMobilepayAgreements(now: Date): Promise<number> {
  const pending = await rootDb.order.findMany({
    // A pending agreement lapses at Vipps MobilePay (EXPIRED) unless approved, so each such order ends;
    // a studio whose keys are gone or refused cannot be asked and waits for new keys.
    where: {
      provider: "mobilepay",
      status: "pending",
      providerRef: { not: null },
      account: { payments: { is: { mobilepayStatus: "connected" } } },
    },
    select: { id: true, accountId: true },
    orderBy: { createdAt: "asc" },
    take: POLL_BATCH,
  });
  let changed = 0;
  for (const { id, accountId } of pending) {
    try {
      if ((await applyMobilepayAgreement({ accountId, orderId: id, now })) !== "unchanged") changed++;
    } catch (error) {
      await noteRefusedKeys(accountId, error);
      log.warn("Vipps MobilePay agreement could not be polled", {
        orderId: id,
        errorName: error instanceof Error ? error.name : typeof error,
      });
    }
  }
  return changed;
}
