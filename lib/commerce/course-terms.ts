import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** A course as its enrolment reads: its first and last class, and how many of its classes have not started at `now`. */
export type CourseTerms = { firstStartsAt: Date; lastStartsAt: Date; classesLeft: number };

/** The terms of the courses of these events (their classes not cancelled), by event id; none for an event without classes. */
export async function listCourseTerms(
  db: TenantDb,
  eventIds: readonly string[],
  now: Date,
): Promise<Map<string, CourseTerms>> {
  if (eventIds.length === 0) return new Map();
  const classes = await db.instance.findMany({
    where: { eventId: { in: [...new Set(eventIds)] }, status: { not: "cancelled" } },
    select: { eventId: true, startsAt: true },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  const terms = new Map<string, CourseTerms>();
  for (const { eventId, startsAt } of classes) {
    const course = terms.get(eventId) ?? { firstStartsAt: startsAt, lastStartsAt: startsAt, classesLeft: 0 };
    course.lastStartsAt = startsAt;
    if (startsAt > now) course.classesLeft++;
    terms.set(eventId, course);
  }
  return terms;
}
