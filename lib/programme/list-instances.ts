import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * Instances whose start lies in [from, to), of every status and of published and unpublished
 * events, in chronological order (start, then id).
 */
export async function listInstances({ db, from, to, seriesId }: { db: TenantDb; from: Date; to: Date; seriesId?: string }) {
  return db.instance.findMany({
    where: { startsAt: { gte: from, lt: to }, ...(seriesId ? { seriesId } : {}) },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
}
