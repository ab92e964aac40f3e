import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every season of the account, active and archived, in order of their start. */
export async function listSeasons({ db }: { db: TenantDb }) {
  return db.season.findMany({ orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
}
