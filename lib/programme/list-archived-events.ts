import "server-only";
import type { Event } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { createdBefore, newestFirst, toPage, type CreatedKey, type Page } from "@/lib/schemas/page";

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
    orderBy: newestFirst(),
    take: limit + 1,
  });
  return toPage(rows, limit, (row): CreatedKey => [row.createdAt, row.id]);
}
