import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * The bookings of one instance in one status, with their attendees, in booking order (`createdAt`,
 * then `id`): the roster (`confirmed`, checked-in ones included) or the waitlist (`waitlisted`, queue
 * order). 404 when the instance is not the account's.
 */
export async function listInstanceBookings({
  db,
  instanceId,
  status,
}: {
  db: TenantDb;
  instanceId: string;
  status: "confirmed" | "waitlisted";
}) {
  const instance = await db.instance.findFirst({ where: { id: instanceId }, select: { id: true } });
  if (!instance) throw new AppError("not_found");
  return db.booking.findMany({
    where: { instanceId, status },
    include: { attendee: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
