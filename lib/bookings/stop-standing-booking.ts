import "server-only";
import type { StandingBooking } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * Stops a standing place: no class is booked for it from now on; the bookings it made stay (the
 * member cancels those one by one). `userId`: the person's own only (404 for anyone else's); without
 * it, any of the studio's (its administrators). Stopping a stopped place changes nothing.
 */
export async function stopStandingBooking({
  db,
  standingBookingId,
  userId,
}: {
  db: TenantDb;
  standingBookingId: string;
  userId?: string;
}): Promise<StandingBooking> {
  const where = { id: standingBookingId, ...(userId ? { userId } : {}) };
  await db.standingBooking.updateMany({ where: { ...where, status: "active" }, data: { status: "stopped", stoppedAt: new Date() } });
  const standingBooking = await db.standingBooking.findFirst({ where });
  if (!standingBooking) throw new AppError("not_found");
  return standingBooking;
}
