import "server-only";
import type { Instance } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import type { InstanceWithEvent } from "@/lib/schemas/instance";

/** The instances with their event's flags (`dropInsAllowed`), as instances answer: one look-up of their events. */
export async function withEventFlags(db: TenantDb | TenantTx, instances: Instance[]): Promise<InstanceWithEvent[]> {
  const ids = [...new Set(instances.map((instance) => instance.eventId))];
  const events = await db.event.findMany({ where: { id: { in: ids } }, select: { id: true, dropInsAllowed: true } });
  const flags = new Map(events.map((event) => [event.id, { dropInsAllowed: event.dropInsAllowed }]));
  return instances.map((instance) => ({
    ...instance,
    event: flags.get(instance.eventId) ?? { dropInsAllowed: false },
  }));
}

/** One instance with its event's flags. */
export async function withEventFlag(db: TenantDb | TenantTx, instance: Instance): Promise<InstanceWithEvent> {
  const [flagged] = await withEventFlags(db, [instance]);
  return flagged!;
}
