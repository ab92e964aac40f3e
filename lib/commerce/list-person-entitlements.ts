import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdEntitlementsWhere, readHousehold } from "@/lib/households/household-scope";

/**
 * A person's entitlements in the active account, of every status, newest first (GET /me/entitlements; GET
 * /users/{userId}/entitlements); `household`: their dependants' too, each naming its `userId` (decision 0038).
 */
export async function listPersonEntitlements({
  db,
  userId,
  household = false,
}: {
  db: TenantDb;
  userId: string;
  household?: boolean;
}) {
  return db.entitlement.findMany({
    where: household ? householdEntitlementsWhere(await readHousehold(db, userId)) : { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
