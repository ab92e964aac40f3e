import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * Instances whose start lies in [from, to), of every status and of published and unpublished
 * events, in chronological order (start, then id); optionally only one series' or one teacher's.
 */
export async function listInstances({
  db,
  from,
  to,
  seriesId,
  teacherId,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  seriesId?: string;
  teacherId?: string;
}) {
  return db.instance.findMany({
    where: {
      startsAt: { gte: from, lt: to },
      ...(seriesId ? { seriesId } : {}),
      ...(teacherId ? { teacherIds: { has: teacherId } } : {}),
    },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
}
