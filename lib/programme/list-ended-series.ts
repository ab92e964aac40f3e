import "server-only";
import type { Series } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { createdBefore, newestFirst, toPage, type CreatedKey, type Page } from "@/lib/schemas/page";
import { runningSeriesWhere } from "./list-series";

/**
 * One page of the series of the account's events (not archived) that no longer run at `now`: ended,
 * or past their last class. Newest first (then by id), `limit` of them after `after`, each with its
 * event's title.
 */
export async function listEndedSeries({
  db,
  now,
  limit,
  after,
}: {
  db: TenantDb;
  now: Date;
  limit: number;
  after?: CreatedKey;
}): Promise<Page<Series & { event: { title: string } }, CreatedKey>> {
  const rows = await db.series.findMany({
    where: {
      AND: [{ event: { status: { not: "archived" } } }, { NOT: runningSeriesWhere(now) }, createdBefore(after)],
    },
    include: { event: { select: { title: true } } },
    orderBy: newestFirst(),
    take: limit + 1,
  });
  return toPage(rows, limit, (row): CreatedKey => [row.createdAt, row.id]);
}
