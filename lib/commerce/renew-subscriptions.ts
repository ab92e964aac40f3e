import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS } from "@/lib/db/with-retry";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { paymentProvider } from "@/lib/payments/provider";
import { wakeJobs } from "@/lib/jobs/wake";
import { enqueueReceiptEmail } from "@/lib/receipts/receipt-email-jobs";
import { createOrder } from "./create-order";
import { extendSubscription } from "./extend-subscription";
import { renewInstalments } from "./renew-instalments";
import { renewMobilepayMemberships } from "./mobilepay-renewals";

/**
 * Renews the account's due subscriptions: active, not cancelled entitlements of subscription products whose
 * `validUntil` has passed, bought through a provider the job charges itself (demo), held by people
 * who are still members. Each renewal, in one transaction, extends the entitlement by one billing
 * period (conditionally, see extend-subscription.ts) and records a paid order at the price bought.
 * Stripe bills its subscriptions itself and reports them by `invoice.paid`; desk grants are not
 * renewed (the next period is paid at the desk). Running the job twice renews once. Due instalments
 * of prices paid in instalments are taken too (renew-instalments.ts), and MobilePay memberships'
 * next charges are made ahead and those settled applied (mobilepay-renewals.ts).
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
  if (instalments > 0) wakeJobs(); // the payment emails
  // MobilePay memberships, whatever the provider: their charges made ahead, those settled applied.
  const mobilepay = await renewMobilepayMemberships({ accountId, now });
  if (!provider.renewsByJob) return { renewed: mobilepay.renewed, instalments };
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
      if (!price) return null;
      if (!(await extendSubscription(tx, { entitlement, price, now }))) return null;
      const renewal = await createOrder(tx, {
        userId: entitlement.userId,
        productId: entitlement.productId,
        price,
        provider: provider.name,
        paidAt: now,
      });
      await enqueueReceiptEmail(tx, { accountId, orderId: renewal.id, userId: renewal.userId });
      return renewal;
    }, TRANSACTION_OPTIONS);
    if (!order) continue;
    renewed++;
  }
  if (renewed > 0) wakeJobs(); // the payment emails
  return { renewed: renewed + mobilepay.renewed, instalments };
}
