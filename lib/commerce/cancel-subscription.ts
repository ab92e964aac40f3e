import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { providerOf } from "@/lib/payments/provider";
import { studioDate } from "@/lib/studio-time/studio-date";
import { membershipControls } from "./membership-controls";

/**
 * Cancels a subscription at the end of its paid period: `cancelAt` = its `validUntil`. It stays
 * usable until then; the renewal job and Stripe's `invoice.paid` do not extend it afterwards
 * (extend-subscription.ts). The provider that bills it is told first (PaymentProvider.cancelAtPeriodEnd),
 * so that it bills no further period (it cannot be reached: 503, nothing changed): a Stripe
 * subscription `cancel_at_period_end`, a MobilePay agreement stopped and its charges not yet taken
 * cancelled; the demo's and the desk's need nothing. The member is emailed a confirmation naming the
 * last day (notice `membership_cancelled`, in the same transaction). Cancelling twice answers the
 * same entitlement. `ownerId`: only that person's (another's is 404). 409 `not_a_subscription` for
 * any other product, 409 `membership_ended` for one no longer renewed (refunded, revoked, ended): what may be
 * cancelled is membershipControls' `cancellable`, the rule the pages offer the button by.
 */
export async function cancelSubscription({
  db,
  entitlementId,
  ownerId,
  now = new Date(),
}: {
  db: TenantDb;
  entitlementId: string;
  ownerId?: string;
  now?: Date;
}): Promise<Entitlement> {
  const found = await db.entitlement.findFirst({
    where: { id: entitlementId, ...(ownerId ? { userId: ownerId } : {}) },
    include: {
      product: { select: { type: true } },
      account: { select: { timezone: true } },
      order: { select: { provider: true, providerRef: true, stripeAccountId: true } },
    },
  });
  if (!found) throw new AppError("not_found");
  const { product, account, order, ...entitlement } = found;
  if (product.type !== "subscription") throw new AppError("not_a_subscription");
  if (entitlement.cancelAt) return entitlement;
  const today = studioDate(now, account.timezone);
  if (!membershipControls(entitlement, { subscription: true, now, today }).cancellable)
    throw new AppError("membership_ended");
  if (order) await providerOf(order.provider).cancelAtPeriodEnd(db, { entitlement, order });
  const cancelAt = entitlement.validUntil ?? now;
  return db.$transaction(async (tx) => {
    const { count } = await tx.entitlement.updateMany({
      where: { id: entitlement.id, cancelAt: null },
      data: { cancelAt },
    });
    // The confirmation names the last day (FAL §28 a); a cancellation that lost a race to another sends none.
    if (count === 1)
      await enqueueNoticeEmail(tx, {
        accountId: entitlement.accountId,
        kind: "membership_cancelled",
        to: { userId: entitlement.userId },
        entitlementId: entitlement.id,
      });
    return tx.entitlement.findFirstOrThrow({ where: { id: entitlement.id } });
  });
}
