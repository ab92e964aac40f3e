import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdBookingsWhere } from "./household-scope";

export type HouseholdClassBooking = {
  id: string;
  attendeeId: string;
  attendeeName: string;
  status: string;
  /** A guest the viewer brought (else their dependant). */
  guest: boolean;
};

/**
 * The live bookings of one class the viewer holds for others: their dependants' and their guests'
 * (their own is the class page's usual booking), in booking order.
 */
export async function listClassHousehold({
  db,
  userId,
  instanceId,
}: {
  db: TenantDb;
  userId: string;
  instanceId: string;
}): Promise<HouseholdClassBooking[]> {
  const bookings = await db.booking.findMany({
    where: {
      AND: [
        { instanceId, status: { in: ["confirmed", "waitlisted"] }, attendeeId: { not: userId } },
        householdBookingsWhere(userId),
      ],
    },
    select: { id: true, status: true, guestOfId: true, attendeeId: true, attendee: { select: { displayName: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return bookings.map((booking) => ({
    id: booking.id,
    attendeeId: booking.attendeeId,
    attendeeName: booking.attendee.displayName,
    status: booking.status,
    guest: booking.guestOfId === userId,
  }));
}
