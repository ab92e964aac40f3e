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
 * The enrolment of each course among `products` (those with a `courseEventId`), by product id; one
 * look-up of the entitlements and one of the classes for all.
 */
export async function listCourseEnrolments(
  db: TenantDb,
  products: Pick<Product, "id" | "courseEventId">[],
  now: Date = new Date(),
): Promise<Map<string, CourseEnrolment>> {
  const courses = products.filter((product) => product.courseEventId !== null);
  if (courses.length === 0) return new Map();
  const [holders, classes] = await Promise.all([
    db.entitlement.groupBy({
      by: ["productId"],
      where: { productId: { in: courses.map((course) => course.id) }, status: "active" },
      _count: { userId: true },
    }),
    db.instance.findMany({
      where: { eventId: { in: courses.map((course) => course.courseEventId!) }, status: { not: "cancelled" } },
      select: { eventId: true, startsAt: true, capacity: true },
    }),
  ]);
  const enrolled = new Map(holders.map((row) => [row.productId, row._count.userId]));
  return new Map(
    courses.map((course) => {
      const ofCourse = classes.filter((lesson) => lesson.eventId === course.courseEventId);
      const ahead = ofCourse.filter((lesson) => lesson.startsAt > now);
      const counted = ahead.length > 0 ? ahead : ofCourse;
      return [
        course.id,
        {
          enrolled: enrolled.get(course.id) ?? 0,
          seats: counted.length > 0 ? Math.min(...counted.map((lesson) => lesson.capacity)) : 0,
          classes: ofCourse.length,
        },
      ];
    }),
  );
}
