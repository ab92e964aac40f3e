import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { GroupDto } from "@/lib/schemas/group";
import { getGroupOrThrow } from "./get-group-or-throw";

/** Takes a user out of a group of the active account. Unknown group, or a user not in it: 404. */
export async function removeGroupMember(options: { db: TenantDb; groupId: string; userId: string }): Promise<GroupDto> {
  const { db, groupId, userId } = options;
  return db.$transaction(async (tx) => {
    const group = await tx.group.findUnique({ where: { id: groupId }, select: { id: true } });
    if (!group) throw new AppError("not_found");
    const { count } = await tx.groupMember.deleteMany({ where: { groupId, userId } });
    if (count === 0) throw new AppError("not_found");
    return getGroupOrThrow({ db: tx, groupId });
  });
}
