import "server-only";
import type { Order, Withdrawal } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { afterRefund } from "@/lib/orders/after-refund";
import { markRefunded } from "@/lib/orders/order-status";
import { providerOf } from "@/lib/payments/provider";

export const WITHDRAWAL_REFUND_REASON = "withdrawal";

/**
 * A received withdrawal's refund (decision 0049): `refundAmount` moved back through the order's own
 * provider, then recorded (markRefunded, reason `withdrawal`), ending the order whatever part the
 * buyer pays for (its entitlement revoked, future bookings cancelled, `order.refunded` sent) and the
 * Withdrawal `refunded` with its Refund; after the commit the provider's billing stops (a membership's
 * subscription or agreement). When the provider cannot be reached (or refuses for now) the
 * Withdrawal stays `refund_pending`, unchanged, for the jobs to ask again (withdrawal-refund-jobs.ts).
 * Asked again once done, it changes nothing. The withdrawal as it stands is returned.
 */
export async function refundWithdrawal(
  db: TenantDb,
  withdrawal: Withdrawal,
  { now }: { now: Date },
): Promise<Withdrawal> {
  if (withdrawal.status !== "refund_pending") return withdrawal;
  const order = await db.order.findFirstOrThrow({ where: { id: withdrawal.orderId } });
  const provider = providerOf(order.provider);
  if (order.status === "paid" && withdrawal.refundAmount > 0 && !moneyRecorded(order, withdrawal)) {
    try {
      await provider.refund(db, order, withdrawal.refundAmount);
    } catch {
      return withdrawal;
    }
  }
  const recorded = await withRetry(
    () => db.$transaction((tx) => recordWithdrawalRefund(tx, withdrawal, now), TRANSACTION_OPTIONS),
    { label: "withdrawal refund" },
  );
  if (recorded.ended) await afterRefund(db, recorded.ended, provider);
  return recorded.withdrawal;
}

/**
 * What the buyer had paid when they withdrew is `usedAmount + refundAmount`; the refund is recorded
 * already when the order's refundedAmount grew by `refundAmount` since (the provider's own report of
 * it, Stripe's `charge.refunded`, came first). Then it is not moved again.
 */
function moneyRecorded(order: Order, withdrawal: Withdrawal): boolean {
  const refundedBefore = order.amount - withdrawal.usedAmount - withdrawal.refundAmount;
  return order.refundedAmount >= refundedBefore + withdrawal.refundAmount;
}

/**
 * In one transaction: the order ends with the refund (none more when it was recorded already; an
 * order the studio refunded meanwhile is over as it is) and the Withdrawal becomes `refunded`.
 * Conditional on the Withdrawal still `refund_pending`: two retries at once record it once.
 */
async function recordWithdrawalRefund(
  tx: TenantTx,
  withdrawal: Withdrawal,
  now: Date,
): Promise<{ withdrawal: Withdrawal; ended: Order | null }> {
  const claimed = await tx.withdrawal.updateManyAndReturn({
    where: { id: withdrawal.id, status: "refund_pending" },
    data: { status: "refunded" },
  });
  if (claimed.length === 0)
    return { withdrawal: await tx.withdrawal.findFirstOrThrow({ where: { id: withdrawal.id } }), ended: null };
  const order = await tx.order.findFirstOrThrow({ where: { id: withdrawal.orderId } });
  if (order.status !== "paid") return { withdrawal: claimed[0]!, ended: null };
  const amount = moneyRecorded(order, withdrawal) ? 0 : withdrawal.refundAmount;
  const refunded = await markRefunded(tx, order, {
    at: now,
    amount,
    reason: WITHDRAWAL_REFUND_REASON,
    endsOrder: true,
  });
  if (!refunded) throw new Error("the order changed while its withdrawal was recorded"); // rolled back; asked again
  const done = await tx.withdrawal.update({
    where: { id: withdrawal.id },
    data: { refundId: refunded.refund?.id ?? null },
  });
  return { withdrawal: done, ended: refunded.order };
}
