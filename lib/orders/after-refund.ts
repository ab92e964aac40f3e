import "server-only";
import type { Order } from "@prisma/client";
import type Stripe from "stripe";
import { stopAgreementOfRevokedMembership } from "@/lib/payments/mobilepay/renewals";
import { stopSubscriptionOfRefund } from "@/lib/payments/stripe/instalments";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * What a refund brings after its transaction committed (order-events.ts lists what it brings
 * inside it): the provider's billing of what it revoked stops, a Stripe subscription cancelled or a
 * MobilePay agreement stopped. Network calls, so never inside the transaction; best effort (each
 * logs its failure; a revoked membership is not charged by us again either way). Every refund:
 * the desk's (refund-order.ts) and one made in Stripe's dashboard (`charge.refunded`).
 */
export async function afterRefund(db: TenantDb, refunded: Order, { stripe }: { stripe: () => Stripe }): Promise<void> {
  await stopSubscriptionOfRefund({ db, stripe, order: refunded });
  await stopAgreementOfRevokedMembership({ db, order: refunded });
}
