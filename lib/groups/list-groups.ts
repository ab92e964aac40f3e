import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeGroup, type GroupDto } from "@/lib/schemas/group";
import { GROUP_MEMBERS } from "./get-group-or-throw";

/** The active account's groups, by name. */
export async function listGroups(options: { db: TenantDb }): Promise<GroupDto[]> {
  const groups = await options.db.group.findMany({
    include: GROUP_MEMBERS,
    orderBy: [{ name: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return groups.map(serializeGroup);
}
