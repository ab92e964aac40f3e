import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { listLocations } from "./list-locations";

/** How many of the latest events are looked at for the last used location. */
const RECENT_EVENTS = 20;

/**
 * The active locations a class form offers, and the one it starts on: the location of the event
 * created last that has one still active (the desk's last used), else the first active one (a
 * studio's only room); null without any, so the form starts on a free-text location.
 */
export async function listLocationChoices({ db }: { db: TenantDb }) {
  const [locations, recent] = await Promise.all([
    listLocations({ db }),
    db.event.findMany({
      where: { locationId: { not: null } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { locationId: true },
      take: RECENT_EVENTS,
    }),
  ]);
  const active = locations
    .filter((location) => location.status === "active")
    .map((location) => ({ id: location.id, name: location.name, capacity: location.capacity }));
  const activeIds = new Set(active.map((location) => location.id));
  const lastUsed = recent.find((event) => event.locationId !== null && activeIds.has(event.locationId))?.locationId;
  return { locations: active, defaultLocationId: lastUsed ?? active[0]?.id ?? null };
}
