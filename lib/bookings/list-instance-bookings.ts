import "server-only";
import { assertManagesInstance, seesDateOfBirth, type Actor } from "@/lib/auth/instance-permission";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/**
 * The bookings of one instance in one status, with their attendees, in booking order (`createdAt`,
 * then `id`): the roster (`confirmed`, checked-in ones included) or the waitlist (`waitlisted`, queue
 * order). 404 when the instance is not the account's; 403 when the actor does not manage it (an
 * administrator, or a teacher who teaches it). `withDateOfBirth`: whether the actor may see the
 * attendees' dates of birth (a teacher may not). Each booking carries the pass it uses (product name,
 * classes left), for the dashboard's roster.
 */
export async function listInstanceBookings({
  db,
  actor,
  instanceId,
  status,
}: {
  db: TenantDb;
  actor: Actor;
  instanceId: string;
  status: "confirmed" | "waitlisted";
}) {
  const instance = await db.instance.findFirst({ where: { id: instanceId }, select: { teacherIds: true } });
  if (!instance) throw new AppError("not_found");
  assertManagesInstance(actor, instance);
  const bookings = await db.booking.findMany({
    where: { instanceId, status },
    include: {
      attendee: { include: { guardian: { select: { displayName: true } } } }, // a dependant shown with their guardian
      entitlement: { select: { remainingClasses: true, validUntil: true, product: { select: { name: true } } } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { bookings, withDateOfBirth: seesDateOfBirth(actor) };
}
