import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * An administrator lifts a member's strikes (POST /users/{userId}/strikes/clear): the strikes so far
 * no longer count, so a block ends now, and a later block is emailed again. 404 for a person who is
 * not a member of the account (another tenant's user too).
 */
export async function clearStrikes({ db, userId, now = new Date() }: { db: TenantDb; userId: string; now?: Date }) {
  const { count } = await db.membership.updateMany({
    where: { userId },
    data: { strikesClearedAt: now, strikeBlockNoticeUntil: null },
  });
  if (count === 0) throw new AppError("not_found");
}
