import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdOrdersWhere } from "@/lib/households/household-scope";

/**
 * A person's orders in the active account, newest first (GET /me/orders; GET /users/{userId}/orders);
 * `household`: those they paid for their dependants too (decision 0038).
 */
export async function listPersonOrders({
  db,
  userId,
  household = false,
}: {
  db: TenantDb;
  userId: string;
  household?: boolean;
}) {
  return db.order.findMany({
    where: household ? householdOrdersWhere(userId) : { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
