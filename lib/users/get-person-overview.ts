import "server-only";
import { weeklyAttendance } from "@/lib/bookings/attendance-rate";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import {
  countPastAttendance,
  countPastBookings,
  listPastBookings,
  type PastBookingKey,
} from "@/lib/bookings/list-past-bookings";
import { shownBookingStatus } from "@/lib/bookings/shown-booking-status";
import { runningOrComingPause } from "@/lib/commerce/entitlement-pause";
import { listCurrentPasses, listEndedPassesPage, type PassKey } from "@/lib/commerce/list-person-passes";
import { listFailedInstalments, listPersonOrdersPage, type PersonOrderKey } from "@/lib/orders/list-person-orders";
import { listProducts } from "@/lib/commerce/list-products";
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
const LIVE = new Set(["confirmed", "waitlisted"]);

/**
 * What the dashboard's person page shows of one member, read at `now`: who they are, their
 * attendance, their upcoming bookings and a page of past ones, their current passes (with a running or
 * coming pause) and a page of ended ones, a page of orders, and what the desk can grant them or book
 * them into. A member of years costs what a page costs: past bookings (after `pastAfter`), ended passes
 * (after `passesAfter`) and orders (after `ordersAfter`) are keyset pages, the attendance is counted in
 * the database. 404 for a person without a membership here.
 */
export async function getPersonOverview(options: {
  db: TenantDb;
  userId: string;
  timezone: string;
  now?: Date;
  pastAfter?: PastBookingKey;
  ordersAfter?: PersonOrderKey;
  passesAfter?: PassKey;
}) {
  const { db, userId, timezone, pastAfter, ordersAfter, passesAfter } = options;
  const now = options.now ?? new Date();
  const chartFrom = new Date(now.getTime() - CHART_WEEKS * 7 * DAY_MS);
  const [
    person,
    coming,
    recent,
    attendance,
    pastPage,
    pastTotal,
    current,
    endedPage,
    orderPage,
    failed,
    products,
    classes,
  ] = await Promise.all([
    getPerson({ db, userId }),
    listPersonBookings({ db, userId, from: now }),
    listPersonBookings({ db, userId, from: chartFrom, to: now }),
    countPastAttendance({ db, userId, before: now }),
    listPastBookings({ db, userId, before: now, limit: PAST_SHOWN, after: pastAfter }),
    countPastBookings({ db, userId, before: now }),
    listCurrentPasses({ db, userId, now }),
    listEndedPassesPage({ db, userId, now, limit: ENDED_PASSES_SHOWN, after: passesAfter }),
    listPersonOrdersPage({ db, userId, limit: ORDERS_SHOWN, after: ordersAfter }),
    listFailedInstalments({ db, userId }),
    listProducts({ db }),
    listUpcomingClasses({ db, from: now, to: new Date(now.getTime() + BOOKABLE_DAYS * DAY_MS) }),
  ]);
  const productName = (productId: string) => products.find((product) => product.id === productId)?.name ?? null;
  const memberships = new Set(products.filter((product) => product.type === "subscription").map((p) => p.id));
  const today = studioDate(now, timezone);

  const dated = recent.map((booking) => ({ ...booking, startsAt: booking.instance.startsAt }));
  const shown = (booking: (typeof pastPage.items)[number]) => ({
    id: booking.id,
    instanceId: booking.instanceId,
    title: booking.instance.event.title,
    startsAt: booking.instance.startsAt,
    status: shownBookingStatus(booking),
    attendance: booking.attendance,
  });
  const upcoming = coming.filter((b) => LIVE.has(b.status)).map(shown);
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

  const shownPass = (entitlement: (typeof current)[number]) => {
    const { status, remainingClasses } = serializeEntitlement(entitlement, now);
    const membership = memberships.has(entitlement.productId);
    return {
      id: entitlement.id,
      productName: productName(entitlement.productId),
      remainingClasses,
      validUntil: entitlement.validUntil,
      status,
      cancelAt: entitlement.cancelAt,
      /** A MobilePay membership whose renewal failed: the end of the period not paid for (usable until validUntil). */
      pastDueSince: entitlement.pastDueSince,
      /** Brought by an import from the studio's former system (no order here). */
      imported: entitlement.importId !== null,
      pause: runningOrComingPause(entitlement, today),
      membership,
      /** A membership still running: the desk can pause, resume or cancel it. */
      manageable: membership && status === "active",
    };
  };
  // every current pass is active (list-person-passes.ts): the classes left and the desk's controls are theirs
  const passes = current.map(shownPass);
  const active = passes.filter((pass) => pass.status === "active");

  const booked = new Set(upcoming.map((booking) => booking.instanceId));
  return {
    person,
    today,
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
    /** Every pass still usable or to come, newest first. */
    passes,
    /** A page of ended passes (used up, expired, refunded, revoked), newest first, and the key to the older page. */
    endedPasses: { shown: endedPage.items.map(shownPass), next: endedPage.next },
    /** A page of orders, newest first, and the key to the older page. */
    orders: orderPage.items.map(shownOrder),
    ordersNext: orderPage.next,
    /** Instalments whose payment failed, whichever page of orders is shown. */
    unpaidInstalments: failed.map(shownOrder),
    /** What the desk can grant: products not archived, each with its current prices. */
    offers: products
      .filter((product) => product.status !== "archived" && product.prices.length > 0)
      .map((product) => ({ id: product.id, name: product.name, prices: product.prices })),
    /** Classes of the coming BOOKABLE_DAYS the person is not booked into yet. */
    bookableClasses: classes
      .filter((instance) => !booked.has(instance.id))
      .map((instance) => ({ id: instance.id, startsAt: instance.startsAt, title: instance.event.title })),
  };
}

export type PersonOverview = Awaited<ReturnType<typeof getPersonOverview>>;
