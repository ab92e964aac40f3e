import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeGroup, type GroupDto } from "@/lib/schemas/group";

/** A new, empty group in the active account. */
export async function createGroup(options: { db: TenantDb; accountId: string; name: string }): Promise<GroupDto> {
  const group = await options.db.group.create({ data: { accountId: options.accountId, name: options.name } });
  return serializeGroup({ ...group, members: [] });
}
