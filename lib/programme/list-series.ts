import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every series of the account, active, paused and ended, oldest first. */
export async function listSeries({ db }: { db: TenantDb }) {
  return db.series.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
