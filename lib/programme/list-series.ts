import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * A series still running at `now`: not ended, with a class (of any status) from `now` on, of an event
 * not archived. Every series has an end (a date or a number of classes), so the others have run their
 * course or were ended; those pile up over the years and are read a page at a time (list-ended-series.ts).
 */
export function runningSeriesWhere(now: Date): Prisma.SeriesWhereInput {
  return {
    status: { not: "ended" },
    event: { status: { not: "archived" } },
    instances: { some: { startsAt: { gte: now } } },
  };
}

/** The series of the account, oldest first: all of them, active, paused and ended, or those running at `running`. */
export async function listSeries({ db, running }: { db: TenantDb; running?: Date }) {
  return db.series.findMany({
    where: running ? runningSeriesWhere(running) : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
