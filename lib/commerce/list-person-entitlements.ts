import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** A person's entitlements in the active account, of every status, newest first (GET /me/entitlements; GET /users/{userId}/entitlements). */
export async function listPersonEntitlements({ db, userId }: { db: TenantDb; userId: string }) {
  return db.entitlement.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
