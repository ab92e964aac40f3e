import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * The event definitions of the account, oldest first: of every status, or (`current`) those not
 * archived, which the events page shows in full; the archived ones it reads a page at a time
 * (list-archived-events.ts).
 */
export async function listEvents({ db, current = false }: { db: TenantDb; current?: boolean }) {
  return db.event.findMany({
    where: current ? { status: { not: "archived" } } : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
