import "server-only";
import type { Account, Event, Prisma } from "@prisma/client";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { publicPlaceOf, type PublicInstance } from "@/lib/programme/get-public-instance";
import { COURSE_PRODUCT_TYPES, type ProductWithPrices } from "@/lib/schemas/product";
import { isStorableText } from "@/lib/schemas/storable-text";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { listMemberNames } from "@/lib/users/list-member-names";
import { CURRENT_PRICES } from "./get-product-or-throw";
import { courseSummary, type CourseSummary } from "./list-public-products";

/** One class of a course as its public page lists it. */
export type CourseClassDate = { id: string; startsAt: Date; endsAt: Date; status: string; spotsLeft: number };

export type PublicCourse = {
  account: Account;
  product: ProductWithPrices;
  course: CourseSummary;
  event: Event;
  /** Its classes not cancelled, in order. */
  classes: CourseClassDate[];
  /** The event's teachers who are members: display names only. */
  teachers: string[];
  location: PublicInstance["location"];
  /** Whether enrolment is open now: a class is still ahead and the first has not started (or `enrolUntil` is later). */
  enrolmentOpen: boolean;
  /** The next class ahead with a free place, when the event allows single bookings (a trial class). */
  trialClassId: string | null;
};

/** Active course products (a workshop, teacher training or custom product with a course) of the public. */
const PUBLIC_COURSE_WHERE = {
  status: "active",
  type: { in: [...COURSE_PRODUCT_TYPES] },
  courseEventId: { not: null },
} satisfies Prisma.ProductWhereInput;

/**
 * A course as its public page shows it (`/[slug]/courses/[productId]`): the product and its current
 * prices, the course's summary (as GET /public/accounts/{slug}/products gives it), every class,
 * teachers, place, whether enrolment is open and a class to try. 404 for an unknown or suspended
 * studio, and for a product that is unknown, another studio's, not active, not a course or whose
 * event is not published.
 */
export async function getPublicCourseOrThrow(options: {
  slug: string;
  productId: string;
  now?: Date;
}): Promise<PublicCourse> {
  const now = options.now ?? new Date();
  const account = await getPublicAccountOrThrow({ slug: options.slug });
  if (!isStorableText(options.productId)) throw new AppError("not_found"); // a page's id comes unparsed
  const db = tenantDb(account.id);
  const product = await db.product.findFirst({
    where: { id: options.productId, ...PUBLIC_COURSE_WHERE },
    include: CURRENT_PRICES,
  });
  const event = product?.courseEventId
    ? await db.event.findFirst({ where: { id: product.courseEventId, status: "published" } })
    : null;
  if (!product || !event) throw new AppError("not_found");
  const [course, rows, names, location] = await Promise.all([
    courseSummary(db, event.id, now),
    db.instance.findMany({
      where: { eventId: event.id, status: { not: "cancelled" } },
      select: { id: true, startsAt: true, endsAt: true, status: true, capacity: true, bookedCount: true },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    }),
    listMemberNames({ db, userIds: event.teacherIds }),
    publicPlaceOf(db, event),
  ]);
  const classes = rows.map(({ capacity, bookedCount, ...lesson }) => ({
    ...lesson,
    spotsLeft: Math.max(capacity - bookedCount, 0),
  }));
  const ahead = classes.filter((lesson) => lesson.startsAt > now);
  const first = classes[0]?.startsAt.getTime() ?? 0;
  const closesAt = Math.max(first, product.enrolUntil?.getTime() ?? first);
  const trial = event.dropInsAllowed ? ahead.find((lesson) => lesson.spotsLeft > 0) : undefined;
  return {
    account,
    product,
    course,
    event,
    classes,
    teachers: event.teacherIds.flatMap((id) => names.get(id) ?? []),
    location,
    enrolmentOpen: ahead.length > 0 && now.getTime() < closesAt,
    trialClassId: trial?.id ?? null,
  };
}

/**
 * The active course product of each event that is a course's, for the public schedule: a class of
 * one is marked "Part of a course" and links to the course's page. The first made, when several
 * sell the same event.
 */
export async function listPublicCourseOfEvents(
  accountId: string,
): Promise<Map<string, { productId: string; name: string }>> {
  const products = await tenantDb(accountId).product.findMany({
    where: PUBLIC_COURSE_WHERE,
    select: { id: true, name: true, courseEventId: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return new Map(products.map((product) => [product.courseEventId!, { productId: product.id, name: product.name }]));
}

/** The course a public class belongs to (its active course product), or null. */
export async function getPublicCourseOfClass(
  found: PublicInstance,
): Promise<{ productId: string; name: string } | null> {
  const courses = await listPublicCourseOfEvents(found.account.id);
  return courses.get(found.event.id) ?? null;
}

/** The classes among `instanceIds` in which the person holds a confirmed place. */
export async function listBookedClasses(db: TenantDb, userId: string, instanceIds: string[]): Promise<Set<string>> {
  const booked = await db.booking.findMany({
    where: { attendeeId: userId, instanceId: { in: instanceIds }, status: "confirmed" },
    select: { instanceId: true },
  });
  return new Set(booked.map((booking) => booking.instanceId));
}
