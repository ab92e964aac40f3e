import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * usable_entitlements' conditions (prisma/sql/functions/usable_entitlements.sql) but the pause, as a
 * Prisma filter on a tenant's entitlements: the person's active entitlements valid at `startsAt`
 * (`validFrom ≤ start < validUntil`), with a credit left, whose product covers the event (a course
 * product its course's event only; other products none of a course's event that does not allow
 * drop-ins, `courseOnly`: isCourseOnlyEvent, course_only_event in SQL). With
 * isPausedAt it explains a refusal ("paused until …") where the SQL only refuses;
 * covering-entitlements.test.ts holds the two to the same answer (decision 0004's owner table).
 */
export function coveringEntitlementsWhere(options: {
  userId: string;
  eventId: string;
  startsAt: Date;
  courseOnly: boolean;
}): Prisma.EntitlementWhereInput {
  const { userId, eventId, startsAt, courseOnly } = options;
  const course: Prisma.EntitlementWhereInput = { product: { courseEventId: eventId } };
  return {
    userId,
    status: "active",
    validFrom: { lte: startsAt },
    AND: [
      { OR: [{ validUntil: null }, { validUntil: { gt: startsAt } }] },
      { OR: [{ remainingClasses: null }, { remainingClasses: { gt: 0 } }] },
      courseOnly
        ? course
        : {
            OR: [
              course,
              { product: { courseEventId: null, eligibleEventIds: { isEmpty: true } } },
              { product: { courseEventId: null, eligibleEventIds: { has: eventId } } },
            ],
          },
    ],
  };
}

/** course_only_event (prisma/sql/functions/course_only_event.sql): the event's classes are booked through enrolment only. */
export async function isCourseOnlyEvent(db: TenantDb, eventId: string): Promise<boolean> {
  const [course, event] = await Promise.all([
    db.product.findFirst({ where: { courseEventId: eventId, status: { not: "archived" } }, select: { id: true } }),
    db.event.findFirst({ where: { id: eventId }, select: { dropInsAllowed: true } }),
  ]);
  return course !== null && event?.dropInsAllowed !== true;
}
