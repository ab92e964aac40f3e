import "server-only";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { COURSE_PRODUCT_TYPES, LISTED_PRODUCT_TYPES, type ProductWithPrices } from "@/lib/schemas/product";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { CURRENT_PRICES } from "./get-product-or-throw";
import { offeredTo } from "./newcomer";

/** A course as the public sees it: its classes (not cancelled), and the fewest free places among those not yet started. */
export type CourseSummary = {
  eventId: string;
  classes: number;
  firstStartsAt: Date | null;
  lastStartsAt: Date | null;
  seatsLeft: number;
};

export type PublicProduct = ProductWithPrices & { course: CourseSummary | null };

/**
 * Active drop-ins, passes, subscriptions and gift cards (LISTED_PRODUCT_TYPES; a class's booking options
 * offer only the class-paying kinds, get-booking-options.ts) of an active account, with their current prices; with
 * `courses`, active workshops, teacher trainings and custom products that have a course too, each
 * with its course (decisions §5). Intro offers (`newcomersOnly`) come first, and not at all for a
 * `viewerId` (a signed-in member of the studio) who is no newcomer (newcomer.ts). 404 for an unknown slug.
 */
export async function listPublicProducts({
  slug,
  courses = false,
  viewerId = null,
  now = new Date(),
}: {
  slug: string;
  courses?: boolean;
  viewerId?: string | null;
  now?: Date;
}): Promise<PublicProduct[]> {
  const account = await getPublicAccountOrThrow({ slug });
  const db = tenantDb(account.id);
  const products = await db.product.findMany({
    where: {
      status: "active",
      OR: [
        { type: { in: [...LISTED_PRODUCT_TYPES] } },
        ...(courses ? [{ type: { in: [...COURSE_PRODUCT_TYPES] }, courseEventId: { not: null } }] : []),
      ],
    },
    include: CURRENT_PRICES,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return Promise.all(
    (await offeredTo(db, viewerId, products)).map(async (product) => ({
      ...product,
      course: product.courseEventId ? await courseSummary(db, product.courseEventId, now) : null,
    })),
  );
}

/** The course of the event `eventId` as the public sees it (its classes not cancelled, the seats left in those ahead). */
export async function courseSummary(db: TenantDb, eventId: string, now: Date): Promise<CourseSummary> {
  const classes = await db.instance.findMany({
    where: { eventId, status: { not: "cancelled" } },
    select: { startsAt: true, capacity: true, bookedCount: true },
    orderBy: { startsAt: "asc" },
  });
  const ahead = classes.filter((lesson) => lesson.startsAt > now);
  return {
    eventId,
    classes: classes.length,
    firstStartsAt: classes[0]?.startsAt ?? null,
    lastStartsAt: classes.at(-1)?.startsAt ?? null,
    seatsLeft: ahead.length === 0 ? 0 : Math.max(0, Math.min(...ahead.map((l) => l.capacity - l.bookedCount))),
  };
}
