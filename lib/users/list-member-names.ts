import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The display names of the account's members among `userIds`, by user id (never an email). */
export async function listMemberNames(options: { db: TenantDb; userIds: string[] }): Promise<Map<string, string>> {
  const userIds = [...new Set(options.userIds)];
  if (userIds.length === 0) return new Map();
  const members = await options.db.membership.findMany({
    where: { userId: { in: userIds } },
    select: { user: { select: { id: true, displayName: true } } },
  });
  return new Map(members.map(({ user }) => [user.id, user.displayName]));
}
