import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * The classes that start in [from, to) and are not cancelled, with their event's title, in
 * chronological order: what the desk may book someone into (book_instance decides the rest).
 */
export async function listUpcomingClasses({
  db,
  from,
  to,
  take = 200,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  take?: number;
}) {
  return db.instance.findMany({
    where: { startsAt: { gte: from, lt: to }, status: { not: "cancelled" } },
    include: { event: { select: { title: true } } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take,
  });
}
