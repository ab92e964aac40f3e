import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/** Every id must be an event of the active account; anything else answers 400 with details. */
export async function assertAccountEvents({
  db,
  eventIds,
  path,
}: {
  db: TenantDb;
  eventIds: string[];
  path: string;
}): Promise<void> {
  if (eventIds.length === 0) return;
  const events = await db.event.findMany({ where: { id: { in: eventIds } }, select: { id: true } });
  const known = new Set(events.map((event) => event.id));
  const details: ErrorDetail[] = [];
  eventIds.forEach((id, index) => {
    if (!known.has(id)) details.push(ruleDetail(`${path}.${index}`, "event_unknown"));
  });
  if (details.length > 0) throw new AppError("validation_failed", { details });
}

/** One event id (a path without an index): an event of the active account, else 400 with a detail. */
export async function assertAccountEvent({ db, eventId, path }: { db: TenantDb; eventId: string; path: string }) {
  const event = await db.event.findFirst({ where: { id: eventId }, select: { id: true } });
  if (!event) throw new AppError("validation_failed", { details: [ruleDetail(path, "event_unknown")] });
}
