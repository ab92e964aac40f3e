import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { BOOKINGS_CSV_HEADER, EXPORT_BATCH_SIZE, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { realEmail } from "@/lib/users/stand-in-addresses";

/**
 * The account's bookings of every status whose class starts in [`from`, `to`), in the classes'
 * chronological order (then by booking id), read a batch at a time by that key.
 */
export function exportBookings({
  db,
  from,
  to,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  from?: Date;
  to?: Date;
  batchSize?: number;
}): CsvExport {
  const range = { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) };
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after: { startsAt: Date; id: string } | undefined;
    for (;;) {
      const where: Prisma.BookingWhereInput = {
        instance: { startsAt: range },
        ...(after
          ? {
              OR: [
                { instance: { startsAt: { gt: after.startsAt } } },
                { instance: { startsAt: after.startsAt }, id: { gt: after.id } },
              ],
            }
          : {}),
      };
      const rows = await db.booking.findMany({
        where,
        include: { instance: { include: { event: true } }, attendee: true },
        orderBy: [{ instance: { startsAt: "asc" } }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.map((b) => [
        b.id,
        b.status,
        b.attendance,
        b.createdAt.toISOString(),
        b.cancelledAt?.toISOString() ?? null,
        b.instanceId,
        b.instance.startsAt.toISOString(),
        b.instance.endsAt.toISOString(),
        b.instance.eventId,
        b.instance.event.title,
        b.attendeeId,
        b.attendee.displayName,
        realEmail(b.attendee.email),
        b.entitlementId,
      ]);
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { startsAt: last.instance.startsAt, id: last.id };
    }
  }
  return { header: BOOKINGS_CSV_HEADER, batches: batches() };
}
