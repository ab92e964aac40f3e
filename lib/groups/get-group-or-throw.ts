import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { serializeGroup, type GroupDto } from "@/lib/schemas/group";

type Reader = Pick<TenantDb, "group">;

/** How every group read includes its members: in the order they were added. */
export const GROUP_MEMBERS = {
  members: { select: { userId: true }, orderBy: [{ createdAt: "asc" as const }, { userId: "asc" as const }] },
};

/** A group of the active account with its member ids; another account's group is a 404. */
export async function getGroupOrThrow(options: { db: Reader; groupId: string }): Promise<GroupDto> {
  const group = await options.db.group.findUnique({ where: { id: options.groupId }, include: GROUP_MEMBERS });
  if (!group) throw new AppError("not_found");
  return serializeGroup(group);
}
