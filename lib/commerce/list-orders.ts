import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every order of the account (online purchases, desk grants, renewals), newest first. */
export async function listOrders({ db }: { db: TenantDb }) {
  return db.order.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
