import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { listInstances } from "@/lib/programme/list-instances";

/**
 * The instances starting in [from, to) with the title and location of their event, for the
 * dashboard's day, week and calendar views (every status, chronological); optionally one teacher's.
 */
export async function listClasses({
  db,
  from,
  to,
  teacherId,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  teacherId?: string;
}) {
  const instances = await listInstances({ db, from, to, teacherId });
  const eventIds = [...new Set(instances.map((instance) => instance.eventId))];
  const events = await db.event.findMany({
    where: { id: { in: eventIds } },
    select: { id: true, title: true, location: true },
  });
  const byId = new Map(events.map((event) => [event.id, event]));
  return instances.map((instance) => ({
    instance,
    title: byId.get(instance.eventId)?.title ?? "Class",
    location: byId.get(instance.eventId)?.location ?? "",
  }));
}

export type DashboardClass = Awaited<ReturnType<typeof listClasses>>[number];
