import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

type Queued = { id: string; accountId: string; instanceId: string; status: string; offerExpiresAt: Date | null };

/**
 * Where each of `bookings` stands on its class's waitlist, 1 first, by booking id: the order
 * promote_waitlist gives freed places in (the database function waitlist_queue owns it). A booking not
 * waitlisted, or holding an offered place (out of the queue: the place is its own to take), has none.
 */
export async function waitlistPositions(db: TenantDb, bookings: readonly Queued[]): Promise<Map<string, number>> {
  const queued = bookings.filter((booking) => booking.status === "waitlisted" && booking.offerExpiresAt === null);
  if (queued.length === 0) return new Map();
  const accountId = queued[0]!.accountId; // a tenant's read: one account
  const instanceIds = [...new Set(queued.map((booking) => booking.instanceId))];
  const rows = await db.$queryRaw<{ bookingId: string; position: number }[]>`
    SELECT q."bookingId", q."position"
      FROM waitlist_queue(${accountId}, ${instanceIds}::text[]) q
     WHERE q."bookingId" = ANY(${queued.map((booking) => booking.id)}::text[])`;
  return new Map(rows.map((row) => [row.bookingId, Number(row.position)]));
}

/** `bookings`, each with its `waitlistPosition` (waitlistPositions; null when it has none). */
export async function withWaitlistPositions<B extends Queued>(
  db: TenantDb,
  bookings: B[],
): Promise<(B & { waitlistPosition: number | null })[]> {
  const positions = await waitlistPositions(db, bookings);
  return bookings.map((booking) => ({ ...booking, waitlistPosition: positions.get(booking.id) ?? null }));
}
