import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { isDependantEmail } from "@/lib/users/stand-in-addresses";

/**
 * Whom a checkout buys for (POST /checkout and /checkout/quote `forUserId`, decision 0038): the
 * caller, or one of their active dependants who is a member here; anyone else's id is 403, as
 * POST /bookings answers an attendeeId that is not the caller's to book for.
 */
export async function purchaseHolder(db: TenantDb, callerId: string, forUserId: string | undefined): Promise<string> {
  if (forUserId === undefined || forUserId === callerId) return callerId;
  const dependant = await db.membership.findFirst({
    where: { userId: forUserId, user: { guardianId: callerId, status: "active" } },
    select: { user: { select: { email: true } } },
  });
  if (!dependant || !isDependantEmail(dependant.user.email)) throw new AppError("insufficient_permission");
  return forUserId;
}
