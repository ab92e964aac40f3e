import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { providerOf } from "@/lib/payments/provider";

/**
 * What a refund brings after its transaction committed (order-events.ts lists what it brings
 * inside it): the provider's billing of what it revoked stops (PaymentProvider.stopBillingOfRevoked:
 * a Stripe subscription cancelled, a MobilePay agreement stopped, nothing for the demo and the
 * desk). Network calls, so never inside the transaction; best effort (a failure is logged; a revoked
 * membership is not charged by us again either way). Every refund: the desk's (refund-order.ts)
 * and one reported by the provider (Stripe's `charge.refunded`).
 */
export async function afterRefund(
  db: TenantDb,
  refunded: Order,
  provider: PaymentProvider = providerOf(refunded.provider),
): Promise<void> {
  await provider.stopBillingOfRevoked(db, refunded);
}
