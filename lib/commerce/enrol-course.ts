import "server-only";
import type { Booking, Entitlement, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { serializeBooking } from "@/lib/schemas/booking";
import { enqueueWebhookEvents } from "@/lib/webhooks/enqueue-webhook-delivery";
import { dropSeatHolds, fillPlacesOf } from "./course-seat-holds";

/** A class of a course, locked FOR UPDATE (the instance row every booking change queues on). */
type CourseClass = { id: string; eventId: string; startsAt: Date; endsAt: Date; capacity: number; bookedCount: number };
/** A class to book, with the buyer's waitlisted booking there when they stand on its waitlist (it gets the place). */
export type CoursePlace = CourseClass & { waitlistedId: string | null };

/**
 * The classes a buyer of a course product would be enrolled in now: those of its event not cancelled
 * and not yet started, their instance rows locked in id order (the order every multi-instance lock
 * takes, so two enrolments cannot deadlock) until the transaction ends. 409 `Enrolment is closed`
 * when the first class has started and `enrolUntil` is not later (or nothing is left ahead), 409
 * `Course is full` when any of them has no free place for the buyer: before the order is written, so
 * before any payment starts. Classes the buyer already holds a place in are theirs already; where
 * they stand on the waitlist, that booking gets the place. Null for a product without a course.
 */
export async function lockCourseClasses(
  tx: TenantTx,
  { accountId, userId, product, now }: { accountId: string; userId: string; product: Product; now: Date },
): Promise<CoursePlace[] | null> {
  const course = await lockClassesAhead(tx, { accountId, userId, product, now });
  if (!course) return null;
  if (course.ahead === 0 || now.getTime() >= course.closesAt) throw new AppError("enrolment_closed");
  if (course.toBook.some(isFull)) throw new AppError("course_full");
  return course.toBook;
}

/**
 * Enrols the buyer of a course, in the transaction that marks its order paid (order-events.ts):
 * paid at once at checkout or the desk (lockCourseClasses refused a full or closed course before
 * the order was written, and its locks are held), or through a hosted payment that came through
 * later: the payment is taken, so nothing is refused. The seats
 * held for the order while it was paid (course-seat-holds.ts) become the buyer's places: the holds
 * go, under the classes' locks, and their places are booked. The entitlement becomes the course's,
 * the classes still ahead with a free place are booked, and where the course filled up meanwhile (the
 * holds had expired) no class is overbooked: each administrator of the studio is emailed (the
 * notice outbox) that this enrolment is incomplete. A held place that is not booked (its class
 * started, or the buyer is in it already) goes to the waitlist. Nothing else for a product without
 * a course. The entitlement as it is now.
 */
export async function enrolInCourse(
  tx: TenantTx,
  {
    accountId,
    orderId,
    product,
    entitlement,
    now,
  }: { accountId: string; orderId: string; product: Product; entitlement: Entitlement; now: Date },
): Promise<Entitlement> {
  const course = await lockClassesAhead(tx, { accountId, userId: entitlement.userId, product, now });
  const held = await dropSeatHolds(tx, { accountId, orderId });
  if (!course) {
    await fillPlacesOf(tx, { accountId, instanceIds: [...held.keys()], now });
    return entitlement;
  }
  const toBook = course.toBook.map((lesson) => ({
    ...lesson,
    bookedCount: lesson.bookedCount - (held.get(lesson.id) ?? 0),
  }));
  const free = toBook.filter((lesson) => !isFull(lesson));
  const enrolment = await bookCourseClasses(tx, { accountId, product, entitlement, classes: free });
  const booked = new Set(free.map((lesson) => lesson.id));
  await fillPlacesOf(tx, { accountId, instanceIds: [...held.keys()].filter((id) => !booked.has(id)), now });
  if (free.length < course.toBook.length)
    await enqueueNoticeEmail(tx, {
      accountId,
      kind: "course_incomplete",
      to: "administrators",
      entitlementId: entitlement.id,
    });
  return enrolment;
}

const isFull = (lesson: CourseClass) => lesson.bookedCount >= lesson.capacity;

/**
 * The course's classes not cancelled, their instance rows locked in id order (the order every
 * multi-instance lock takes, so two enrolments cannot deadlock) until the transaction ends; of those
 * not yet started, the ones the buyer holds no place in yet, and when enrolment closes.
 */
async function lockClassesAhead(
  tx: TenantTx,
  { accountId, userId, product, now }: { accountId: string; userId: string; product: Product; now: Date },
): Promise<{ toBook: CoursePlace[]; ahead: number; closesAt: number } | null> {
  if (!product.courseEventId) return null;
  const classes = await tx.$queryRaw<CourseClass[]>`
    SELECT i."id", i."eventId", i."startsAt", i."endsAt", i."capacity", i."bookedCount"
      FROM "Instance" i
     WHERE i."accountId" = ${accountId} AND i."eventId" = ${product.courseEventId} AND i."status" <> 'cancelled'
     ORDER BY i."id"
       FOR UPDATE`;
  const first = Math.min(...classes.map((lesson) => lesson.startsAt.getTime()));
  const closesAt = Math.max(first, product.enrolUntil?.getTime() ?? first);
  const ahead = classes.filter((lesson) => lesson.startsAt > now);
  const held = await liveBookings(tx, { accountId, userId, instanceIds: ahead.map((lesson) => lesson.id) });
  const toBook = ahead
    .filter((lesson) => held.get(lesson.id)?.status !== "confirmed")
    .map((lesson) => ({ ...lesson, waitlistedId: held.get(lesson.id)?.id ?? null }));
  return { toBook, ahead: ahead.length, closesAt };
}

/**
 * Books the holder of a course entitlement into `classes`, in the transaction that locked them:
 * the entitlement becomes unlimited and valid until the last class ends, and
 * each class gets a confirmed booking through take_place (the one write of a place, which counts it
 * on the instance), with just this entitlement. Each new booking is a booking like any other: its
 * confirmation email (one per class, each with its calendar event) and its `booking.created` event,
 * sent after the commit (the commit wakes the jobs); a waitlisted booking that gets its place is
 * emailed as a promotion, as the waitlist's are. The entitlement as it is now.
 */
async function bookCourseClasses(
  tx: TenantTx,
  {
    accountId,
    product,
    entitlement,
    classes,
  }: { accountId: string; product: Product; entitlement: Entitlement; classes: CoursePlace[] },
): Promise<Entitlement> {
  const lastEnd = await tx.instance.aggregate({
    where: { eventId: product.courseEventId ?? "", status: { not: "cancelled" } },
    _max: { endsAt: true },
  });
  const [enrolment] = await tx.entitlement.updateManyAndReturn({
    where: { id: entitlement.id },
    data: { remainingClasses: null, validUntil: lastEnd._max.endsAt ?? entitlement.validUntil },
  });
  const created: Booking[] = [];
  const promoted: Booking[] = [];
  for (const lesson of [...classes].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const [placed] = await tx.$queryRaw<Booking[]>`
      SELECT p.* FROM take_place(${accountId}, ${lesson.id}, ${lesson.eventId}, ${lesson.startsAt.toISOString()}::timestamp,
                                 ${entitlement.userId}, ${entitlement.id}, NULL, ${lesson.waitlistedId}) p`;
    if (!placed) throw new Error(`enrolment could not book instance ${lesson.id}`);
    (lesson.waitlistedId ? promoted : created).push(placed);
  }
  await enqueueBookingEmails(tx, accountId, [
    ...created.map((booking) => ({ kind: "confirmed" as const, bookingId: booking.id })),
    ...promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })),
  ]);
  await enqueueWebhookEvents(tx, {
    accountId,
    type: "booking.created",
    data: created.map(serializeBooking),
    now: new Date(),
  });
  return enrolment!;
}

/** The buyer's confirmed or waitlisted booking in each of these classes, by instance. */
async function liveBookings(
  tx: TenantTx,
  { accountId, userId, instanceIds }: { accountId: string; userId: string; instanceIds: string[] },
): Promise<Map<string, { id: string; status: string }>> {
  const held = await tx.booking.findMany({
    where: {
      accountId,
      attendeeId: userId,
      instanceId: { in: instanceIds },
      status: { in: ["confirmed", "waitlisted"] },
    },
    select: { id: true, instanceId: true, status: true },
  });
  return new Map(held.map((booking) => [booking.instanceId, booking]));
}
