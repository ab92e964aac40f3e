import "server-only";
import { attendanceRate, weeklyAttendance } from "@/lib/bookings/attendance-rate";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { shownBookingStatus } from "@/lib/bookings/shown-booking-status";
import { runningOrComingPause } from "@/lib/commerce/entitlement-pause";
import { listPersonEntitlements } from "@/lib/commerce/list-person-entitlements";
import { listPersonOrders } from "@/lib/commerce/list-person-orders";
import { listProducts } from "@/lib/commerce/list-products";
import type { TenantDb } from "@/lib/db/tenant-db";
import { studioDate } from "@/lib/format/studio-date";
import { listUpcomingClasses } from "@/lib/programme/list-upcoming-classes";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { getPerson } from "./get-person";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the desk's class picker reaches. */
export const BOOKABLE_DAYS = 21;
/** Past bookings listed (newest first). */
export const PAST_SHOWN = 25;
export const CHART_WEEKS = 8;
const LIVE = new Set(["confirmed", "waitlisted"]);

/**
 * What the dashboard's person page shows of one member, read at `now`: who they are, their
 * attendance, their upcoming and past bookings, passes (with a running or coming pause), orders, and
 * what the desk can grant them or book them into. 404 for a person without a membership here.
 */
export async function getPersonOverview(options: { db: TenantDb; userId: string; timezone: string; now?: Date }) {
  const { db, userId, timezone } = options;
  const now = options.now ?? new Date();
  const [person, bookings, entitlements, orders, products, classes] = await Promise.all([
    getPerson({ db, userId }),
    listPersonBookings({ db, userId }),
    listPersonEntitlements({ db, userId }),
    listPersonOrders({ db, userId }),
    listProducts({ db }),
    listUpcomingClasses({ db, from: now, to: new Date(now.getTime() + BOOKABLE_DAYS * DAY_MS) }),
  ]);
  const productName = (productId: string) => products.find((product) => product.id === productId)?.name ?? null;
  const memberships = new Set(products.filter((product) => product.type === "subscription").map((p) => p.id));
  const today = studioDate(now, timezone);

  const dated = bookings.map((booking) => ({ ...booking, startsAt: booking.instance.startsAt }));
  const shown = (booking: (typeof bookings)[number]) => ({
    id: booking.id,
    instanceId: booking.instanceId,
    title: booking.instance.event.title,
    startsAt: booking.instance.startsAt,
    status: shownBookingStatus(booking),
    attendance: booking.attendance,
  });
  const upcoming = bookings.filter((b) => b.instance.startsAt >= now && LIVE.has(b.status)).map(shown);
  const past = bookings.filter((b) => b.instance.startsAt < now).reverse();

  const passes = entitlements.map((entitlement) => {
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
  });
  const active = passes.filter((pass) => pass.status === "active");

  const booked = new Set(upcoming.map((booking) => booking.instanceId));
  return {
    person,
    today,
    attendance: attendanceRate(dated, now),
    weeks: weeklyAttendance(dated, now, CHART_WEEKS),
    credits: {
      /** Classes left on active passes; null when one of them is unlimited. */
      left: active.some((pass) => pass.remainingClasses === null)
        ? null
        : active.reduce((sum, pass) => sum + (pass.remainingClasses ?? 0), 0),
      activePasses: active.length,
    },
    upcoming,
    past: { shown: past.slice(0, PAST_SHOWN).map(shown), total: past.length },
    passes,
    orders: orders.map((order) => ({
      id: order.id,
      productName: productName(order.productId),
      createdAt: order.createdAt,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      /** Part `instalment` of `instalments` of a price paid in instalments; null otherwise. */
      instalment: order.instalment && order.instalments ? { of: order.instalments, number: order.instalment } : null,
    })),
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
