import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * Locks one person's membership row until the transaction ends, so that their purchases and desk
 * grants in this account take turns: a purchase limit counted after the lock cannot be passed by a
 * concurrent checkout. False when the person is not a member of the account.
 */
export async function lockMembership(
  tx: TenantTx,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ userId: string }[]>`
    SELECT "userId" FROM "Membership" WHERE "accountId" = ${accountId} AND "userId" = ${userId} FOR UPDATE`;
  return rows.length > 0;
}
