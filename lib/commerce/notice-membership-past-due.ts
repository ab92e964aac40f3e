import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";

/**
 * A `membership_past_due` notice (the notice outbox) to the member whose MobilePay renewal failed and
 * to each administrator of the studio who is not disabled, each in their own language.
 */
export async function noticeMembershipPastDue(
  tx: TenantTx,
  { accountId, entitlement }: { accountId: string; entitlement: Entitlement },
): Promise<void> {
  await enqueueNoticeEmail(tx, {
    accountId,
    kind: "membership_past_due",
    to: [{ userId: entitlement.userId }, "administrators"],
    entitlementId: entitlement.id,
  });
}
