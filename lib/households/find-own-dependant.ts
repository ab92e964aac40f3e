import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { isDependantEmail } from "@/lib/users/stand-in-addresses";

/**
 * The guardian's own active dependant who is a member of the account; 404 for anyone else's, a
 * guest's, one removed, or one of another studio (decision 0038).
 */
export async function findOwnDependant(db: TenantDb | TenantTx, guardianId: string, userId: string) {
  const membership = await db.membership.findFirst({
    where: { userId, user: { guardianId, status: "active" } },
    select: { user: true },
  });
  if (!membership || !isDependantEmail(membership.user.email)) throw new AppError("not_found");
  return membership.user;
}
