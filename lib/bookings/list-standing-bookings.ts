import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * A person's standing places in the studio, active ones first, then oldest first; with what the
 * pages show of each (the series' rule and its event's title).
 */
export function listStandingBookings({ db, userId }: { db: TenantDb; userId: string }) {
  return db.standingBooking.findMany({
    where: { userId },
    orderBy: [{ status: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    include: { series: { include: { event: { select: { title: true } } } } },
  });
}

export type ListedStandingBooking = Awaited<ReturnType<typeof listStandingBookings>>[number];
