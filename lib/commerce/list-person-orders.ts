import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** A person's orders in the active account, newest first (GET /me/orders; GET /users/{userId}/orders). */
export async function listPersonOrders({ db, userId }: { db: TenantDb; userId: string }) {
  return db.order.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
