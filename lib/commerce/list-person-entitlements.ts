import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdEntitlementsWhere, type Household } from "@/lib/households/household-scope";

/**
 * A person's entitlements in the active account, of every status, newest first (GET /me/entitlements; GET
 * /users/{userId}/entitlements); `household`: their dependants' too, each naming its `userId` (decision 0038).
 */
export async function listPersonEntitlements({
  db,
  userId,
  household,
}: {
  db: TenantDb;
  userId: string;
  household?: Household;
}) {
  return db.entitlement.findMany({
    where: household ? householdEntitlementsWhere(household) : { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
