import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * A `membership_past_due` notice (the notice outbox) to the member whose MobilePay renewal failed and
 * to each administrator of the studio who is not disabled, each in their own language.
 */
export async function noticeMembershipPastDue(
  tx: TenantTx,
  { accountId, entitlement }: { accountId: string; entitlement: Entitlement },
): Promise<void> {
  const administrators = await tx.membership.findMany({
    where: { persona: "administrator", user: { status: { not: "disabled" } } },
    select: { userId: true },
  });
  const recipients = new Set([entitlement.userId, ...administrators.map(({ userId }) => userId)]);
  await tx.noticeEmail.createMany({
    data: [...recipients].map((userId) => ({
      accountId,
      kind: "membership_past_due",
      userId,
      entitlementId: entitlement.id,
    })),
  });
}
