import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { paymentProvider } from "@/lib/payments/provider";
import { stopMobilepayAgreement } from "@/lib/payments/mobilepay/renewals";

/**
 * Cancels a subscription at the end of its paid period: `cancelAt` = its `validUntil`. It stays
 * usable until then; the renewal job and Stripe's `invoice.paid` do not extend it afterwards
 * (extend-subscription.ts). A Stripe subscription is told `cancel_at_period_end` first, so that
 * Stripe bills no further period (Stripe down: 503, nothing changed); a MobilePay membership's
 * agreement is stopped and its charges not yet taken cancelled (lib/payments/mobilepay/renewals.ts). Cancelling twice answers the
 * same entitlement. `ownerId`: only that person's (another's is 404). 409 `not_a_subscription` for
 * any other product.
 */
export async function cancelSubscription({
  db,
  entitlementId,
  ownerId,
  provider = paymentProvider(),
  now = new Date(),
}: {
  db: TenantDb;
  entitlementId: string;
  ownerId?: string;
  provider?: PaymentProvider;
  now?: Date;
}): Promise<Entitlement> {
  const found = await db.entitlement.findFirst({
    where: { id: entitlementId, ...(ownerId ? { userId: ownerId } : {}) },
    include: {
      product: { select: { type: true } },
      order: { select: { provider: true, providerRef: true, stripeAccountId: true } },
    },
  });
  if (!found) throw new AppError("not_found");
  const { product, order, ...entitlement } = found;
  if (product.type !== "subscription") throw new AppError("not_a_subscription");
  if (entitlement.cancelAt) return entitlement;
  if (order?.provider === "stripe") await stopProviderBilling(provider, entitlement, order);
  if (order?.provider === "mobilepay")
    await stopMobilepayAgreement({
      db,
      entitlementId: entitlement.id,
      agreementId: entitlement.providerSubscriptionId,
    });
  const cancelAt = entitlement.validUntil ?? now;
  await db.entitlement.updateMany({ where: { id: entitlement.id, cancelAt: null }, data: { cancelAt } });
  return db.entitlement.findFirstOrThrow({ where: { id: entitlement.id } });
}

async function stopProviderBilling(
  provider: PaymentProvider,
  entitlement: Entitlement,
  order: { providerRef: string | null; stripeAccountId: string | null },
): Promise<void> {
  if (provider.name !== "stripe") {
    // Payments were switched away from Stripe: its subscription cannot be reached from here.
    log.warn("Stripe subscription cancelled here only: payments provider is not stripe", {
      entitlementId: entitlement.id,
    });
    return;
  }
  try {
    await provider.cancelAtPeriodEnd({
      subscriptionId: entitlement.providerSubscriptionId,
      checkoutRef: order.providerRef,
      connectedAccountId: order.stripeAccountId,
    });
  } catch (error) {
    log.error("Stripe refused to cancel a subscription", {
      entitlementId: entitlement.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}
