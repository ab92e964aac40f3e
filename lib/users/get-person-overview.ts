import "server-only";
import { weeklyAttendance } from "@/lib/bookings/attendance-rate";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import {
  countPastAttendance,
  countPastBookings,
  listPastBookings,
  type PastBookingKey,
} from "@/lib/bookings/list-past-bookings";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { isLiveBooking, shownBookingStatus } from "@/lib/bookings/shown-booking-status";
import { runningOrComingPause } from "@/lib/commerce/entitlement-pause";
import { membershipControls } from "@/lib/commerce/membership-controls";
import { readHousehold, type Household } from "@/lib/households/household-scope";
import { listDependants } from "@/lib/households/list-dependants";
import { listCurrentPasses, listEndedPassesPage, type PassKey } from "@/lib/commerce/list-person-passes";
import { listFailedInstalments, listPersonOrdersPage, type PersonOrderKey } from "@/lib/orders/list-person-orders";
import { listProducts } from "@/lib/commerce/list-products";
import { listCourseTerms, type CourseTerms } from "@/lib/commerce/course-terms";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { studioDate } from "@/lib/studio-time/studio-date";
import { listUpcomingClasses } from "@/lib/programme/list-upcoming-classes";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { getPerson } from "./get-person";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the desk's class picker reaches. */
export const BOOKABLE_DAYS = 21;
/** Past bookings listed a page (newest first; "show older" for the page after). */
export const PAST_SHOWN = 25;
/** Orders listed a page (newest first). */
export const ORDERS_SHOWN = 25;
/** Ended passes (used up, expired, refunded, revoked) listed a page, newest first. */
export const ENDED_PASSES_SHOWN = 25;
export const CHART_WEEKS = 8;

/** Who reads a person: the desk (the dashboard's person page) or the member themself (their own page). */
export type PersonAudience = "desk" | "member";

type OverviewOptions = {
  db: TenantDb;
  userId: string;
  timezone: string;
  now?: Date;
  pastAfter?: PastBookingKey;
  ordersAfter?: PersonOrderKey;
  passesAfter?: PassKey;
};

/**
 * One person read at `now`, for the desk (`audience: "desk"`, the default) or for the member themself
 * (`audience: "member"`; `household`: with their children's and guests' bookings, passes and receipts, and their
 * children). Both read the same passes the same way (each with classes left, end, a running or coming pause,
 * and what membershipControls lets be done to it) and a member of years costs what a page costs: past
 * bookings (after `pastAfter`), ended passes (after `passesAfter`) and orders (after `ordersAfter`) are keyset
 * pages. 404 for a person without a membership here (the desk's read).
 */
export function getPersonOverview(options: OverviewOptions & { audience?: "desk" }): Promise<PersonOverview>;
export function getPersonOverview(
  options: OverviewOptions & { audience: "member"; household?: boolean },
): Promise<MemberOverview>;
export function getPersonOverview(
  options: OverviewOptions & { audience?: PersonAudience; household?: boolean },
): Promise<PersonOverview | MemberOverview> {
  return options.audience === "member" ? memberOverview(options) : deskOverview(options);
}

/** The products' names by id, the subscriptions among them, and the studio's date at `now`. */
type PassContext = {
  userId: string;
  now: Date;
  today: string;
  names: Map<string, string>;
  subscriptions: Set<string>;
  /** The course event of each course product. */
  courseEvents: Map<string, string>;
  /** The terms of the courses the passes read are of (filled by readPasses). */
  courses?: Map<string, CourseTerms>;
  /** Whose a pass is when it is not the person's own (a dependant's name). */
  holders?: Map<string, string>;
};

function passContext(
  products: { id: string; name: string; type: string; courseEventId: string | null }[],
  context: Omit<PassContext, "names" | "subscriptions" | "courseEvents">,
): PassContext {
  return {
    ...context,
    names: new Map(products.map((product) => [product.id, product.name])),
    courseEvents: new Map(
      products.flatMap((product) => (product.courseEventId ? [[product.id, product.courseEventId] as const] : [])),
    ),
    subscriptions: new Set(products.filter((product) => product.type === "subscription").map((p) => p.id)),
  };
}

/** A pass as both audiences read it. */
function shownPass(entitlement: Entitlement, context: PassContext) {
  const { status, remainingClasses } = serializeEntitlement(entitlement, context.now);
  const membership = context.subscriptions.has(entitlement.productId);
  const controls = membershipControls(entitlement, {
    subscription: membership,
    now: context.now,
    today: context.today,
  });
  return {
    id: entitlement.id,
    productName: context.names.get(entitlement.productId) ?? null,
    /** Whose it is when it is not the person's own: a dependant's name (the member's household); else null. */
    holder: entitlement.userId === context.userId ? null : (context.holders?.get(entitlement.userId) ?? null),
    remainingClasses,
    /** A course's enrolment: its first and last class and the classes not started yet; null for any other pass. */
    course: context.courses?.get(context.courseEvents.get(entitlement.productId) ?? "") ?? null,
    validUntil: entitlement.validUntil,
    status,
    cancelAt: entitlement.cancelAt,
    /** What a cancel now leaves: usable until the end of the paid period still to come; null: it ends at once. */
    usableUntil: entitlement.validUntil && entitlement.validUntil > context.now ? entitlement.validUntil : null,
    /** A MobilePay membership whose renewal failed: the end of the period not paid for (usable until validUntil). */
    pastDueSince: entitlement.pastDueSince,
    /** Brought by an import from the studio's former system (no order here). */
    imported: entitlement.importId !== null,
    pause: runningOrComingPause(entitlement, context.today),
    membership,
    /** What may be done to it now (membershipControls): cancel, pause, resume. */
    controls,
  };
}

/** Every current pass (few: what they book with) and a page of the ended ones, each shown. */
async function readPasses(options: {
  db: TenantDb;
  userId: string;
  household?: Household;
  passesAfter?: PassKey;
  context: Promise<PassContext>;
}) {
  const { db, userId, household, passesAfter } = options;
  const read = await options.context;
  const [current, endedPage] = await Promise.all([
    listCurrentPasses({ db, userId, household, now: read.now }),
    listEndedPassesPage({ db, userId, household, now: read.now, limit: ENDED_PASSES_SHOWN, after: passesAfter }),
  ]);
  const courseEventIds = [...current, ...endedPage.items].flatMap(
    (entitlement) => read.courseEvents.get(entitlement.productId) ?? [],
  );
  const context = { ...read, courses: await listCourseTerms(db, courseEventIds, read.now) };
  return {
    /** Every pass still usable or to come, newest first. */
    passes: current.map((entitlement) => shownPass(entitlement, context)),
    /** A page of ended passes (used up, expired, refunded, revoked), newest first, and the key to the older page. */
    endedPasses: {
      shown: endedPage.items.map((entitlement) => shownPass(entitlement, context)),
      next: endedPage.next,
    },
  };
}

/**
 * What the dashboard's person page shows of one member: who they are, their attendance, their upcoming bookings and
 * a page of past ones, their passes, a page of orders, their standing places, and what the desk can grant them or
 * book them into. The attendance is counted in the database.
 */
async function deskOverview(options: OverviewOptions) {
  const { db, userId, timezone, pastAfter, ordersAfter, passesAfter } = options;
  const now = options.now ?? new Date();
  const today = studioDate(now, timezone);
  const chartFrom = new Date(now.getTime() - CHART_WEEKS * 7 * DAY_MS);
  const products = listProducts({ db });
  const [
    person,
    coming,
    recent,
    attendance,
    pastPage,
    pastTotal,
    { passes, endedPasses },
    orderPage,
    failed,
    classes,
    standingPlaces,
  ] = await Promise.all([
    getPerson({ db, userId }),
    listPersonBookings({ db, userId, from: now }),
    listPersonBookings({ db, userId, from: chartFrom, to: now }),
    countPastAttendance({ db, userId, before: now }),
    listPastBookings({ db, userId, before: now, limit: PAST_SHOWN, after: pastAfter }),
    countPastBookings({ db, userId, before: now }),
    readPasses({
      db,
      userId,
      passesAfter,
      context: products.then((list) => passContext(list, { userId, now, today })),
    }),
    listPersonOrdersPage({ db, userId, limit: ORDERS_SHOWN, after: ordersAfter }),
    listFailedInstalments({ db, userId }),
    listUpcomingClasses({ db, from: now, to: new Date(now.getTime() + BOOKABLE_DAYS * DAY_MS) }),
    listStandingBookings({ db, userId }),
  ]);
  const offered = await products;
  const productName = (productId: string) => offered.find((product) => product.id === productId)?.name ?? null;

  const dated = recent.map((booking) => ({ ...booking, startsAt: booking.instance.startsAt }));
  const shown = (booking: (typeof pastPage.items)[number]) => ({
    id: booking.id,
    instanceId: booking.instanceId,
    title: booking.instance.event.title,
    startsAt: booking.instance.startsAt,
    status: shownBookingStatus(booking),
    attendance: booking.attendance,
  });
  const upcoming = coming.filter(isLiveBooking).map(shown);
  const shownOrder = (order: (typeof orderPage.items)[number]) => ({
    id: order.id,
    productName: productName(order.productId),
    createdAt: order.createdAt,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    /** Part `instalment` of `instalments` of a price paid in instalments; null otherwise. */
    instalment: order.instalment && order.instalments ? { of: order.instalments, number: order.instalment } : null,
  });
  // every current pass is active (list-person-passes.ts): the classes left are theirs
  const active = passes.filter((pass) => pass.status === "active");

  const booked = new Set(upcoming.map((booking) => booking.instanceId));
  return {
    person,
    today,
    /** Per pass: the studio's dates of its confirmed bookings still to start, what a pause on those days cancels. */
    bookedDays: bookedDaysByPass(coming, timezone),
    attendance,
    weeks: weeklyAttendance(dated, now, CHART_WEEKS),
    credits: {
      /** Classes left on active passes; null when one of them is unlimited. */
      left: active.some((pass) => pass.remainingClasses === null)
        ? null
        : active.reduce((sum, pass) => sum + (pass.remainingClasses ?? 0), 0),
      activePasses: active.length,
    },
    upcoming,
    /** A page of past bookings (newest first), how many there are in all, and the key to the older page. */
    past: { shown: pastPage.items.map(shown), total: pastTotal, next: pastPage.next },
    passes,
    endedPasses,
    /** A page of orders, newest first, and the key to the older page. */
    orders: orderPage.items.map(shownOrder),
    ordersNext: orderPage.next,
    /** Instalments whose payment failed, whichever page of orders is shown. */
    unpaidInstalments: failed.map(shownOrder),
    /** Standing places, active ones first. */
    standingPlaces,
    /** What the desk can grant: products not archived, each with its current prices. */
    offers: offered
      .filter((product) => product.status !== "archived" && product.prices.length > 0)
      .map((product) => ({ id: product.id, name: product.name, prices: product.prices })),
    /** Classes of the coming BOOKABLE_DAYS the person is not booked into yet. */
    bookableClasses: classes
      .filter((instance) => !booked.has(instance.id))
      .map((instance) => ({ id: instance.id, startsAt: instance.startsAt, title: instance.event.title })),
  };
}

function bookedDaysByPass(
  bookings: { status: string; entitlementId: string | null; instance: { startsAt: Date } }[],
  timezone: string,
): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const booking of bookings) {
    if (booking.status !== "confirmed" || !booking.entitlementId) continue;
    (days[booking.entitlementId] ??= []).push(studioDate(booking.instance.startsAt, timezone));
  }
  return days;
}

/**
 * What the member's own page shows: their bookings of classes not over yet (the live ones and those cancelled) and a
 * page of the ended ones, their passes, a page of receipts (orders with a receipt number), their active standing
 * places; with `household`, their children's and guests' too, and their children.
 */
async function memberOverview(options: OverviewOptions & { household?: boolean }) {
  const { db, userId, timezone, pastAfter, ordersAfter, passesAfter } = options;
  const now = options.now ?? new Date();
  const today = studioDate(now, timezone);
  const household = options.household ? await readHousehold(db, userId) : undefined;
  const products = listProducts({ db });
  const dependants = household ? listDependants({ db, guardianId: userId }) : Promise.resolve([]);
  const context = Promise.all([products, dependants]).then(([list, children]) =>
    passContext(list, {
      userId,
      now,
      today,
      holders: new Map(children.map((child) => [child.id, child.displayName])),
    }),
  );
  const [coming, pastPage, { passes, endedPasses }, orderPage, places, names] = await Promise.all([
    listPersonBookings({ db, userId, household, endsAfter: now }),
    listPastBookings({ db, userId, household, on: "endsAt", before: now, limit: PAST_SHOWN, after: pastAfter }),
    readPasses({ db, userId, household, passesAfter, context }),
    listPersonOrdersPage({ db, userId, household, receipted: true, limit: ORDERS_SHOWN, after: ordersAfter }),
    listStandingBookings({ db, userId }),
    context.then((read) => read.names),
  ]);
  // a past booking has no place in a queue
  const shown = (booking: (typeof pastPage.items)[number] & { waitlistPosition?: number | null }) => {
    const offerUntil = booking.offerExpiresAt && booking.offerExpiresAt > now ? booking.offerExpiresAt : null;
    return {
      id: booking.id,
      instanceId: booking.instanceId,
      title: booking.instance.event.title,
      location: booking.instance.event.location,
      startsAt: booking.instance.startsAt,
      endsAt: booking.instance.endsAt,
      /** Whom it is for when not the member: a child's or a guest's name; else null. */
      attendee: booking.attendeeId === userId ? null : booking.attendee.displayName,
      status: booking.status,
      /** The status as shown (shownBookingStatus: `refunded` for one cancelled by its pass's refund). */
      shownStatus: shownBookingStatus(booking),
      /** A held place still on offer: until when; null otherwise. */
      offerUntil,
      /** A place held for a waitlisted booking that the member can take now. */
      claimable: booking.status === "waitlisted" && offerUntil !== null,
      /** A waitlisted booking's place in the queue (1 first); null otherwise. */
      waitlistPosition: booking.waitlistPosition ?? null,
      /** A live booking of a class not started yet: the member can still cancel it. */
      cancellable: isLiveBooking(booking) && booking.instance.startsAt > now,
    };
  };
  return {
    today,
    /** Live bookings of classes not over yet, soonest first. */
    upcoming: coming.filter(isLiveBooking).map(shown),
    /** Cancelled bookings of classes not over yet. */
    cancelled: coming.filter((booking) => !isLiveBooking(booking)).map(shown),
    /** A page of bookings of classes that have ended, newest first, and the key to the older page. */
    past: { shown: pastPage.items.map(shown), next: pastPage.next },
    passes,
    endedPasses,
    /** A page of orders with a receipt, newest first, and the key to the older page. */
    receipts: { shown: orderPage.items, next: orderPage.next },
    /** The products' names by id (a receipt's product). */
    productNames: names,
    /** The member's standing places still running. */
    standingPlaces: places.filter((place) => place.status === "active"),
    /** The member's children (with `household`). */
    dependants: await dependants,
  };
}

export type PersonOverview = Awaited<ReturnType<typeof deskOverview>>;
export type MemberOverview = Awaited<ReturnType<typeof memberOverview>>;
export type ShownPass = ReturnType<typeof shownPass>;
