import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every event definition of the account, of every status, oldest first. */
export async function listEvents({ db }: { db: TenantDb }) {
  return db.event.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
