import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { GroupDto } from "@/lib/schemas/group";
import { getGroupOrThrow } from "./get-group-or-throw";

/** Renames a group of the active account; another account's group is a 404. */
export async function renameGroup(options: { db: TenantDb; groupId: string; name: string }): Promise<GroupDto> {
  return options.db.$transaction(async (tx) => {
    const { count } = await tx.group.updateMany({ where: { id: options.groupId }, data: { name: options.name } });
    if (count === 0) throw new AppError("not_found");
    return getGroupOrThrow({ db: tx, groupId: options.groupId });
  });
}
