import "server-only";
import type { Event } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { toPage, type Page } from "@/lib/schemas/page";

/** The sort key of a list of events or series: when created, then the id, both descending. */
export type CreatedKey = readonly [Date, string];

/** Rows created before `after` (a keyset page's continuation), or every row when there is none. */
export function createdBefore(after: CreatedKey | undefined) {
  return after ? { OR: [{ createdAt: { lt: after[0] } }, { createdAt: after[0], id: { lt: after[1] } }] } : {};
}

/**
 * One page of the account's archived events, newest first (then by id), `limit` of them after
 * `after`: the events of years that a studio put away are read a page at a time, never whole.
 */
export async function listArchivedEvents({
  db,
  limit,
  after,
}: {
  db: TenantDb;
  limit: number;
  after?: CreatedKey;
}): Promise<Page<Event, CreatedKey>> {
  const rows = await db.event.findMany({
    where: { status: "archived", ...createdBefore(after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (row): CreatedKey => [row.createdAt, row.id]);
}
