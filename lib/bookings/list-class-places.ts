import "server-only";
import type { Actor } from "@/lib/auth/instance-permission";
import type { TenantDb } from "@/lib/db/tenant-db";
import { listInstanceBookings } from "./list-instance-bookings";

/**
 * The places of one class as the desk sees them (the roster page, the calendar's panel), each list in
 * booking order: `confirmed`, `held` (waitlisted bookings offered a freed place, decision 0039: the
 * place is theirs until `offerExpiresAt` and counted in the instance's `bookedCount`) and `waiting`
 * (the rest of the waitlist, queue order). 404 and 403 as listInstanceBookings.
 */
export async function listClassPlaces({ db, actor, instanceId }: { db: TenantDb; actor: Actor; instanceId: string }) {
  const [{ bookings: confirmed }, { bookings: waitlist }] = await Promise.all([
    listInstanceBookings({ db, actor, instanceId, status: "confirmed" }),
    listInstanceBookings({ db, actor, instanceId, status: "waitlisted" }),
  ]);
  type Waitlisted = (typeof waitlist)[number];
  const held = waitlist.filter(
    (booking): booking is Waitlisted & { offerExpiresAt: Date } => booking.offerExpiresAt !== null,
  );
  const waiting = waitlist.filter((booking) => booking.offerExpiresAt === null);
  return { confirmed, held, waiting };
}

export type ClassPlaces = Awaited<ReturnType<typeof listClassPlaces>>;
