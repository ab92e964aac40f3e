import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { refundWithdrawal } from "./refund-withdrawal";

export const WITHDRAWAL_REFUND_RETRY_MS = 60_000;
/** A withdrawal just received has its refund under way in its own request: the job leaves it this long. */
const SETTLE_MS = 60_000;
const BATCH = 20;

/**
 * The refunds of withdrawals still `refund_pending` (their provider could not be reached when they
 * were received) asked again, oldest first, every minute until each goes through: a withdrawal
 * stands (FAL §22), so its refund is never given up. Resolves with how many were refunded.
 * Every studio's, as the other sweeps are; each refund in its own studio's scope.
 */
export async function retryWithdrawalRefunds(now: Date): Promise<number> {
  const pending = await db.withdrawal.findMany({
    where: { status: "refund_pending", receivedAt: { lte: new Date(now.getTime() - SETTLE_MS) } },
    orderBy: { receivedAt: "asc" },
    take: BATCH,
  });
  let refunded = 0;
  for (const withdrawal of pending) {
    const after = await refundWithdrawal(tenantDb(withdrawal.accountId), withdrawal, { now });
    if (after.status === "refunded") refunded++;
    // the provider's own failure is logged by its adapter; this says only that it is asked again
    else log.info("withdrawal refund still pending", { accountId: withdrawal.accountId, withdrawalId: withdrawal.id });
  }
  return refunded;
}
