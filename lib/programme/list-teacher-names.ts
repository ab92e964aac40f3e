import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The display names of the account's members among `teacherIds`, by user id (never an email). */
export async function listTeacherNames(options: { db: TenantDb; teacherIds: string[] }): Promise<Map<string, string>> {
  const teacherIds = [...new Set(options.teacherIds)];
  if (teacherIds.length === 0) return new Map();
  const members = await options.db.membership.findMany({
    where: { userId: { in: teacherIds } },
    select: { user: { select: { id: true, displayName: true } } },
  });
  return new Map(members.map(({ user }) => [user.id, user.displayName]));
}
