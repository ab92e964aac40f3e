import "server-only";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import type { BookingRow } from "@/lib/bookings/booking-notice";
import { lockInstance } from "@/lib/bookings/lock-instance";
import { promoteWaitlist } from "@/lib/bookings/promote-waitlist";

/**
 * How long the Stripe Checkout Session of a course order stays open (`expires_at`): Stripe's least
 * is 30 minutes after the session is made, and the session is made just after the order.
 */
export const COURSE_CHECKOUT_MINUTES = 35;
/** How much longer than its session a seat is held, so a late `checkout.session.completed` still finds it. */
const HOLD_GRACE_MINUTES = 10;

const MINUTE = 60_000;

/** When the Checkout Session of a course order made at `now` expires. */
export const courseCheckoutExpiresAt = (now: Date) => new Date(now.getTime() + COURSE_CHECKOUT_MINUTES * MINUTE);
/** When the seats held for a course order made at `now` go back, if no webhook gave them back before. */
const holdExpiresAt = (now: Date) => new Date(courseCheckoutExpiresAt(now).getTime() + HOLD_GRACE_MINUTES * MINUTE);

/**
 * Holds the buyer's seat in each of `classes` for the open payment of `orderId` (decision 0033),
 * in the transaction that locked them (lockCourseClasses) and found a free place in each: a
 * SeatHold row per class and the place counted on the instance (`bookedCount`), so every booking,
 * waitlist and spotsLeft decision of every process counts it. The place is no booking: it is
 * listed nowhere.
 */
export async function holdCourseSeats(
  tx: TenantTx,
  {
    accountId,
    orderId,
    userId,
    classes,
    now,
  }: { accountId: string; orderId: string; userId: string; classes: { id: string }[]; now: Date },
): Promise<void> {
  if (classes.length === 0) return;
  const instanceIds = classes.map((lesson) => lesson.id);
  await tx.seatHold.createMany({
    data: instanceIds.map((instanceId) => ({ accountId, orderId, userId, instanceId, expiresAt: holdExpiresAt(now) })),
  });
  await tx.$executeRaw`
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
     WHERE "accountId" = ${accountId} AND "id" = ANY(${instanceIds}::text[])`;
}

/**
 * Takes away the seats held for `orderId` in the transaction that has locked their instance rows
 * (enrolInCourse locks the course's classes first): the SeatHold rows are deleted and the places
 * no longer counted. Only the rows this statement deletes are uncounted (a concurrent release waits
 * for the row and then finds it gone), so a hold is given back once however many processes release it. How many were held, by instance.
 */
export async function dropSeatHolds(
  tx: TenantTx,
  { accountId, orderId, expiredBy }: { accountId: string; orderId: string; expiredBy?: Date },
): Promise<Map<string, number>> {
  const dropped = await tx.$queryRaw<{ instanceId: string }[]>`
    DELETE FROM "SeatHold"
     WHERE "accountId" = ${accountId} AND "orderId" = ${orderId}
       ${expiredBy ? Prisma.sql`AND "expiresAt" <= ${expiredBy}` : Prisma.empty}
    RETURNING "instanceId"`;
  const byInstance = new Map<string, number>();
  for (const { instanceId } of dropped) byInstance.set(instanceId, (byInstance.get(instanceId) ?? 0) + 1);
  for (const [instanceId, held] of byInstance)
    await tx.$executeRaw`
      UPDATE "Instance" SET "bookedCount" = "bookedCount" - ${held}
       WHERE "accountId" = ${accountId} AND "id" = ${instanceId}`;
  return byInstance;
}

/**
 * Gives back the seats held for `orderId` (its payment failed or expired, or `expiredBy` the sweep's
 * now passed their `expiresAt`): their instance rows are locked in id order (as every multi-class
 * transaction locks), the holds dropped, and each freed place goes to the waitlist (fillPlacesOf).
 * The instances whose seats were given back.
 */
export async function releaseSeatHolds(
  tx: TenantTx,
  { accountId, orderId, now, expiredBy }: { accountId: string; orderId: string; now: Date; expiredBy?: Date },
): Promise<string[]> {
  const held = await tx.seatHold.findMany({
    where: { orderId, ...(expiredBy ? { expiresAt: { lte: expiredBy } } : {}) },
    select: { instanceId: true },
    orderBy: { instanceId: "asc" },
  });
  if (held.length === 0) return [];
  for (const { instanceId } of held) await lockInstance({ tx, accountId, instanceId });
  const released = [...(await dropSeatHolds(tx, { accountId, orderId, expiredBy })).keys()];
  await fillPlacesOf(tx, { accountId, instanceIds: released, now });
  return released;
}

/**
 * Fills places given back by holds from the waitlists of their instances, as a cancelled booking's
 * place is filled (promote_waitlist, in queue order; nothing once a class started), each instance
 * locked in id order; the promotion emails go in the outbox (the commit wakes the sender).
 */
export async function fillPlacesOf(
  tx: TenantTx,
  { accountId, instanceIds, now }: { accountId: string; instanceIds: string[]; now: Date },
): Promise<void> {
  const promoted: BookingRow[] = [];
  for (const instanceId of [...instanceIds].sort()) {
    const instance = await lockInstance({ tx, accountId, instanceId });
    if (instance) promoted.push(...(await promoteWaitlist({ tx, instance, now })));
  }
  await enqueueBookingEmails(
    tx,
    accountId,
    promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })),
  );
}

/** How many orders' stale holds one sweep gives back at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Gives back the seats still held at `now` past their `expiresAt`: Stripe's
 * `checkout.session.expired` never came (or came before the order was ours to fail). One
 * transaction per order (releaseSeatHolds, with the waitlists filled); a hold is given back once
 * however many processes sweep. The order itself stays as it is: a payment that still succeeds
 * enrols in what is free then (enrolInCourse). How many orders' holds were given back.
 */
export async function sweepStaleSeatHolds(now: Date): Promise<number> {
  const stale = await db.seatHold.findMany({
    where: { expiresAt: { lte: now } },
    distinct: ["orderId"],
    select: { accountId: true, orderId: true },
    orderBy: { orderId: "asc" },
    take: SWEEP_BATCH,
  });
  let released = 0;
  for (const { accountId, orderId } of stale) {
    const instanceIds = await tenantDb(accountId).$transaction((tx) =>
      releaseSeatHolds(tx, { accountId, orderId, now, expiredBy: now }),
    );
    if (instanceIds.length > 0) released++;
  }
  return released;
}
