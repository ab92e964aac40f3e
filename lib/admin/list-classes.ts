import "server-only";
import type { Instance } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { listInstances } from "@/lib/programme/list-instances";

type EventFacts = { id: string; title: string; location: string; locationId: string | null };

/**
 * The instances starting in [from, to) with the title and location of their event, for the
 * dashboard's day, week and calendar views (every status, chronological); optionally one teacher's
 * or one location's.
 */
export async function listClasses({
  db,
  from,
  to,
  teacherId,
  locationId,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  teacherId?: string;
  locationId?: string;
}) {
  const instances = await listInstances({ db, from, to, teacherId });
  const events = await eventFacts(db, [...new Set(instances.map((instance) => instance.eventId))]);
  return instances
    .map((instance) => withEvent(instance, events.get(instance.eventId)))
    .filter((item) => locationId === undefined || item.locationId === locationId);
}

/** One instance of the account as listClasses shows it, or null when the account has none such. */
export async function findClass({ db, instanceId }: { db: TenantDb; instanceId: string }) {
  const instance = await db.instance.findFirst({ where: { id: instanceId } });
  if (!instance) return null;
  const events = await eventFacts(db, [instance.eventId]);
  return withEvent(instance, events.get(instance.eventId));
}

async function eventFacts(db: TenantDb, eventIds: string[]): Promise<Map<string, EventFacts>> {
  const events = await db.event.findMany({
    where: { id: { in: eventIds } },
    select: { id: true, title: true, location: true, locationId: true },
  });
  return new Map(events.map((event) => [event.id, event]));
}

function withEvent(instance: Instance, event: EventFacts | undefined) {
  return {
    instance,
    title: event?.title ?? "Class",
    location: event?.location ?? "",
    locationId: event?.locationId ?? null,
  };
}

export type DashboardClass = Awaited<ReturnType<typeof listClasses>>[number];
