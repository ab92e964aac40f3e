import "server-only";
import type { Entitlement, Price } from "@prisma/client";
import { fillWaitlistsOf } from "@/lib/bookings/promote-attendee-waitlists";
import type { TenantTx } from "@/lib/db/tenant-db";
import { billingPeriodEnd } from "./entitlement-terms";

/**
 * Adds one billing period to a subscription entitlement: from its previous `validUntil`, or from
 * `now` when it lapsed longer than a period ago (so it is never still due afterwards). The write only
 * lands if the entitlement is still active, not cancelled, and nobody extended it meanwhile: running a
 * renewal twice extends once, and a cancelled subscription (cancelAt) is never extended. The longer
 * validity fills the waitlists its holder stands on (the caller wakes the sender). Returns whether
 * it extended.
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
  if (count !== 1) return false;
  await fillWaitlistsOf({ tx, accountId: entitlement.accountId, userId: entitlement.userId, now });
  return true;
}
