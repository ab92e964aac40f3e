import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/** The membership of `userId` in the account; 404 for a person who holds none here (whatever they hold elsewhere). */
export async function getMemberOrThrow({ db, userId }: { db: TenantDb; userId: string }) {
  const membership = await db.membership.findFirst({ where: { userId } });
  if (!membership) throw new AppError("not_found");
  return membership;
}
