import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * Deletes a group of the active account together with its member list. Instances restricted to the
 * group keep its id and are not opened to another audience (contract).
 */
export async function deleteGroup(options: { db: TenantDb; groupId: string }): Promise<void> {
  const { count } = await options.db.group.deleteMany({ where: { id: options.groupId } });
  if (count === 0) throw new AppError("not_found");
}
