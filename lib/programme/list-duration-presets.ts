import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** Every duration preset of the account, active and archived, oldest first. */
export async function listDurationPresets({ db }: { db: TenantDb }) {
  return db.durationPreset.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
