import "server-only";
import type { Entitlement, Price } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { billingPeriodEnd } from "./entitlement-terms";

/**
 * Adds one billing period to a subscription entitlement: from its previous `validUntil`, or from
 * `now` when it lapsed longer than a period ago (so it is never still due afterwards). The write only
 * lands if the entitlement is still active, not cancelled, and nobody extended it meanwhile: running a
 * renewal twice extends once, and a cancelled subscription (cancelAt) is never extended. A renewal's
 * payment (order-events.ts) extends it. Returns whether it extended.
 */
export async function extendSubscription(
  tx: TenantTx,
  {
    entitlement,
    price,
    now,
  }: { entitlement: Entitlement; price: Pick<Price, "interval" | "intervalCount">; now: Date },
): Promise<boolean> {
  let validUntil = billingPeriodEnd(price, entitlement.validUntil ?? now);
  if (validUntil <= now) validUntil = billingPeriodEnd(price, now);
  const { count } = await tx.entitlement.updateMany({
    where: { id: entitlement.id, status: "active", cancelAt: null, validUntil: entitlement.validUntil },
    data: { validUntil },
  });
  return count === 1;
}
