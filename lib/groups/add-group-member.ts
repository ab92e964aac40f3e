import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { GroupDto } from "@/lib/schemas/group";
import { getGroupOrThrow } from "./get-group-or-throw";
import { isForeignKeyViolation } from "@/lib/db/errors";

/**
 * Puts a user of the active account into one of its groups. Adding someone who is already in the
 * group changes nothing. Unknown group, or a user who is not a member of the account: 404.
 */
export async function addGroupMember(options: {
  db: TenantDb;
  accountId: string;
  groupId: string;
  userId: string;
}): Promise<GroupDto> {
  const { db, accountId, groupId, userId } = options;
  try {
    return await db.$transaction(async (tx) => {
      const group = await tx.group.findUnique({ where: { id: groupId }, select: { id: true } });
      const membership = await tx.membership.findUnique({
        where: { accountId_userId: { accountId, userId } },
        select: { userId: true },
      });
      if (!group || !membership) throw new AppError("not_found");
      await tx.groupMember.createMany({ data: [{ accountId, groupId, userId }], skipDuplicates: true });
      return getGroupOrThrow({ db: tx, groupId });
    });
  } catch (error) {
    // The group was deleted between our check and our insert.
    if (isForeignKeyViolation(error)) throw new AppError("not_found");
    throw error;
  }
}
