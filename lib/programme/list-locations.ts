import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every location of the account, active and archived, oldest first. */
export async function listLocations({ db }: { db: TenantDb }) {
  return db.location.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
