import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * Marks a confirmed booking `attended` or `no_show`, or clears the mark (`null`). The booking stays
 * `confirmed` (and on the roster). Attendance belongs to confirmed bookings only: another status
 * answers 409 `Booking is not confirmed`.
 */
export async function recordAttendance({
  db,
  bookingId,
  attendance,
}: {
  db: TenantDb;
  bookingId: string;
  attendance: "attended" | "no_show" | null;
}) {
  const [updated] = await db.booking.updateManyAndReturn({
    where: { id: bookingId, status: "confirmed" },
    data: { attendance },
  });
  if (updated) return updated;
  const exists = await db.booking.count({ where: { id: bookingId } });
  throw new AppError(exists ? "booking_not_confirmed" : "not_found");
}
