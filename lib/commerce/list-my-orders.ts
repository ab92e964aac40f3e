import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The signed-in person's orders in the active account, newest first. */
export async function listMyOrders({ db, userId }: { db: TenantDb; userId: string }) {
  return db.order.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
