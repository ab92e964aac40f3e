import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS } from "@/lib/db/with-retry";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { paymentProvider, providersWithOwnWork } from "@/lib/payments/provider";
import { createOrder } from "@/lib/orders/create-order";
import { markPaid } from "@/lib/orders/order-status";
import { renewInstalments } from "./renew-instalments";

/**
 * Renews the account's due subscriptions: active, not cancelled entitlements of subscription products whose
 * `validUntil` has passed, bought through a provider the job charges itself (demo), held by people
 * who are still members. Each renewal, in one transaction, extends the entitlement by one billing
 * period (conditionally, see extend-subscription.ts) and records a paid order at the price bought.
 * Stripe bills its subscriptions itself and reports them by `invoice.paid`; desk grants are not
 * renewed (the next period is paid at the desk). Running the job twice renews once. Due instalments
 * of prices paid in instalments are taken too (renew-instalments.ts), and the renewals providers
 * make ahead by their own work (PaymentProvider.renewDue: MobilePay memberships' next charges made,
 * those settled applied).
 */
export async function renewSubscriptions({
  db,
  accountId,
  provider = paymentProvider(),
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  provider?: PaymentProvider;
  now?: Date;
}): Promise<{ renewed: number; instalments: number }> {
  const instalments = await renewInstalments({ db, accountId, provider, now });
  // Renewals made ahead by a provider's own work, whatever PAYMENTS_PROVIDER is.
  let renewedAhead = 0;
  for (const own of providersWithOwnWork()) renewedAhead += (await own.renewDue?.({ accountId, now }))?.renewed ?? 0;
  if (!provider.renewsByJob) return { renewed: renewedAhead, instalments };
  const due = await db.entitlement.findMany({
    where: {
      status: "active",
      cancelAt: null,
      validUntil: { lte: now },
      product: { type: "subscription" },
      order: { is: { provider: provider.name } },
      user: { memberships: { some: { accountId } } },
    },
    include: { order: true },
    orderBy: [{ validUntil: "asc" }, { id: "asc" }],
  });
  let renewed = 0;
  for (const entitlement of due) {
    const priceId = entitlement.priceId ?? entitlement.order?.priceId;
    if (!priceId) continue;
    const order = await db.$transaction(async (tx) => {
      const price = await tx.price.findFirst({ where: { id: priceId } });
      if (!price || !(await claimDueRenewal(tx, entitlement))) return null;
      const renewal = await createOrder(tx, {
        userId: entitlement.userId,
        productId: entitlement.productId,
        price,
        provider: provider.name,
      });
      return markPaid(tx, renewal, { at: now, payment: { for: "renewal", entitlement, price } });
    }, TRANSACTION_OPTIONS);
    if (!order) continue;
    renewed++;
  }
  return { renewed: renewed + renewedAhead, instalments };
}

/**
 * Whether this transaction renews `entitlement`: it is still active, not cancelled and as due as it
 * was read (nobody renewed it meanwhile), and its row is now locked until the commit, so a second
 * run of the job waits and then finds it renewed. The renewal's payment extends it (order-events.ts).
 */
async function claimDueRenewal(tx: TenantTx, entitlement: Entitlement): Promise<boolean> {
  const { count } = await tx.entitlement.updateMany({
    where: { id: entitlement.id, status: "active", cancelAt: null, validUntil: entitlement.validUntil },
    data: { validUntil: entitlement.validUntil },
  });
  return count === 1;
}
