import "server-only";
import type { Product } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** How full a course is, as the dashboard shows it: "6 enrolled of 8 places". */
export type CourseEnrolment = {
  /** People holding the course (its entitlements active: bought or granted, not refunded or revoked). */
  enrolled: number;
  /** The places of the smallest of its classes ahead (of all its classes once none is ahead). */
  seats: number;
  /** Its classes, not cancelled. */
  classes: number;
};

/**
 * The enrolment of each course among `products` (those with a `courseEventId`), by product id. Counted
 * in the database, one row per course whatever the years of classes behind it: the entitlements held,
 * and of its classes not cancelled their number and smallest capacity, of all and of those ahead.
 */
export async function listCourseEnrolments(
  db: TenantDb,
  products: Pick<Product, "id" | "courseEventId">[],
  now: Date = new Date(),
): Promise<Map<string, CourseEnrolment>> {
  const courses = products.filter((product) => product.courseEventId !== null);
  if (courses.length === 0) return new Map();
  const classesOf = { eventId: { in: courses.map((course) => course.courseEventId!) }, status: { not: "cancelled" } };
  const [holders, all, ahead] = await Promise.all([
    db.entitlement.groupBy({
      by: ["productId"],
      where: { productId: { in: courses.map((course) => course.id) }, status: "active" },
      _count: { userId: true },
    }),
    db.instance.groupBy({ by: ["eventId"], where: classesOf, _count: { _all: true }, _min: { capacity: true } }),
    db.instance.groupBy({
      by: ["eventId"],
      where: { ...classesOf, startsAt: { gt: now } },
      _min: { capacity: true },
    }),
  ]);
  const enrolled = new Map(holders.map((row) => [row.productId, row._count.userId]));
  const ofAll = new Map(all.map((row) => [row.eventId, row]));
  const seatsAhead = new Map(ahead.map((row) => [row.eventId, row._min.capacity]));
  return new Map(
    courses.map((course) => {
      const classes = ofAll.get(course.courseEventId!);
      return [
        course.id,
        {
          enrolled: enrolled.get(course.id) ?? 0,
          seats: seatsAhead.get(course.courseEventId!) ?? classes?._min.capacity ?? 0,
          classes: classes?._count._all ?? 0,
        },
      ];
    }),
  );
}
