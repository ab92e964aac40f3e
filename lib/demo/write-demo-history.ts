import "server-only";
import type { Price } from "@prisma/client";
import { DateTime } from "luxon";
import { bookPlacesAt } from "@/lib/bookings/book-place";
import { cancelPlace } from "@/lib/bookings/cancel-place";
import { recordAttendanceOf } from "@/lib/bookings/record-attendance";
import { placePaidOrders } from "@/lib/orders/create-order";
import { entitlementTerms } from "@/lib/commerce/entitlement-terms";
import { isEligibleForPrice } from "@/lib/commerce/price-eligibility";
import type { TenantTx } from "@/lib/db/tenant-db";
import { startOfLocalDay } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";
import { weeksBetween } from "@/lib/studio-time/week";
import { programmeStartsOn, type DemoFixture, type DemoRegular } from "./demo-fixture";
import type { DemoPerson } from "./demo-person";
import { seededRandom } from "./demo-random";
import { productOf, userIdOf, type Written } from "./demo-written";
import { planDemoHistory, type PastClass, type Visit } from "./plan-demo-history";

const MINUTE_MS = 60_000;

/**
 * The studio's past (issue 16 §4): the classes that started before `now`, booked, cancelled and
 * attended by the fixture's regulars as planned from its seed (plan-demo-history.ts), in the order
 * the moments happened and through the rules of real ones evaluated as of each moment: a place by
 * book_place (capacity, credits, the booking window; a full class puts them on its waitlist), a
 * cancellation by cancelPlace (late inside the window; the freed place goes to the waitlist), a
 * pass or drop-in bought before a booking that needs it (placePaidOrders: the rows placeOrder
 * writes, paid then), a Månedskort paid at the desk month by month. Then attendance, as of `now`.
 * Written without emails. Bookings between two cancellations go in one statement (bookPlacesAt).
 */
export async function writeDemoHistory(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const random = seededRandom(fixture.history.seed);
  const account = await tx.account.findUniqueOrThrow({
    where: { id: written.accountId },
    select: { cancellationWindowHours: true },
  });
  const classes = await pastClasses(tx, fixture, written);
  // the adult regulars' past: a children's class (withoutHistory) has none
  const adultEvents = fixture.events.filter((event) => !event.withoutHistory);
  const adultKeys = new Set(adultEvents.map((event) => event.key));
  const visits = planDemoHistory({
    history: fixture.history,
    productTypes: new Map([...written.products].map(([key, { product }]) => [key, product.type])),
    eventKeys: adultEvents.map((event) => event.key),
    classes: classes.filter((pastClass) => adultKeys.has(pastClass.eventKey)),
    classesPerWeek: fixture.series
      .filter((series) => adultKeys.has(series.eventKey))
      .reduce((sum, series) => sum + series.weekdays.length, 0),
    cancellationWindowHours: account.cancellationWindowHours,
    random,
  });
  await paySubscriptions(tx, fixture, written, random);

  const bookingIds = new Map<Visit, string>();
  for (const step of inTimeOrder(visits)) {
    if (step.kind === "book") {
      const boughtFor = await buyAhead(tx, fixture, written, step.visits);
      await bookInTurn(tx, written, step.visits, boughtFor, bookingIds);
      continue;
    }
    const bookingId = bookingIds.get(step.visit);
    if (!bookingId) continue;
    await cancelPlace(tx, {
      accountId: written.accountId,
      instanceId: step.visit.pastClass.id,
      bookingId,
      now: step.visit.cancelAt!,
      by: "attendee",
    });
  }
  await recordPastAttendance(tx, visits, bookingIds, written);
}

async function pastClasses(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<PastClass[]> {
  const keyOf = new Map([...written.eventIds].map(([key, id]) => [id, key]));
  const timezone = fixture.account.timezone;
  const firstMonday = programmeStartsOn(fixture, written.now);
  const instances = await tx.instance.findMany({
    where: { startsAt: { lt: written.now }, status: "scheduled" },
    select: { id: true, eventId: true, startsAt: true },
    orderBy: [{ startsAt: "asc" }, { eventId: "asc" }],
  });
  return instances.map((instance) => ({
    id: instance.id,
    eventKey: keyOf.get(instance.eventId)!,
    startsAt: instance.startsAt,
    week: weeksBetween(firstMonday, studioDate(instance.startsAt, timezone)),
  }));
}

/** A run of bookings with no cancellation between them, or a cancellation. */
type Step = { kind: "book"; visits: Visit[] } | { kind: "cancel"; visit: Visit };

/**
 * Bookings and cancellations in the order of their moments (a tie keeps the plan's order, bookings
 * first), the bookings between two cancellations as one run: nothing in a run gives a place or a
 * credit back, so a run can be booked in one statement.
 */
function inTimeOrder(visits: Visit[]): Step[] {
  const moments = visits.flatMap((visit) => [
    { at: visit.bookAt, cancel: false, visit },
    ...(visit.cancelAt ? [{ at: visit.cancelAt, cancel: true, visit }] : []),
  ]);
  const ordered = moments
    .map((moment, index) => ({ moment, index }))
    .sort((a, b) => a.moment.at.getTime() - b.moment.at.getTime() || a.index - b.index)
    .map(({ moment }) => moment);
  const steps: Step[] = [];
  for (const { cancel, visit } of ordered) {
    const last = steps.at(-1);
    if (cancel) steps.push({ kind: "cancel", visit });
    else if (last?.kind === "book") last.visits.push(visit);
    else steps.push({ kind: "book", visits: [visit] });
  }
  return steps;
}

/**
 * A run of bookings, each as of its moment (a full class puts them on the waitlist). Someone on a
 * Månedskort outside the months they paid for stays away (no_valid_entitlement); any other refusal
 * is a fault of the fixture.
 */
async function bookInTurn(
  tx: TenantTx,
  written: Written,
  visits: Visit[],
  boughtFor: Map<Visit, string>,
  bookingIds: Map<Visit, string>,
) {
  const results = await bookPlacesAt(
    tx,
    written.accountId,
    visits.map((visit) => ({
      instanceId: visit.pastClass.id,
      attendeeId: userIdOf(written, visit.regular.personKey),
      entitlementId: boughtFor.get(visit) ?? null,
      at: visit.bookAt,
      waitlist: true,
    })),
  );
  for (const [index, { outcome, booking }] of results.entries()) {
    const visit = visits[index]!;
    if (booking) bookingIds.set(visit, booking.id);
    else if (outcome !== "no_valid_entitlement" || !isSubscriber(written, visit.regular))
      throw new Error(`demo history: ${visit.regular.personKey} cannot book ${visit.pastClass.eventKey}: ${outcome}`);
  }
}

function isSubscriber(written: Written, regular: DemoRegular): boolean {
  return productOf(written, regular.productKey).product.type === "subscription";
}

/**
 * Before a run of bookings: whoever pays by pass or drop-in and has fewer credits left than the
 * run's bookings of theirs buys one (online or at the desk) shortly before the booking that needs it,
 * which then takes its credit from it (not from one paid after it). The entitlement bought for each.
 */
async function buyAhead(
  tx: TenantTx,
  fixture: DemoFixture,
  written: Written,
  visits: Visit[],
): Promise<Map<Visit, string>> {
  const buyers = visits.filter((visit) => !isSubscriber(written, visit.regular));
  if (buyers.length === 0) return new Map();
  const userIds = [...new Set(buyers.map((visit) => userIdOf(written, visit.regular.personKey)))];
  const held = await tx.entitlement.groupBy({
    by: ["userId"],
    where: { userId: { in: userIds }, status: "active", remainingClasses: { gt: 0 } },
    _sum: { remainingClasses: true },
  });
  const credits = new Map(held.map((row) => [row.userId, row._sum.remainingClasses ?? 0]));
  const purchases: [Visit, Purchase][] = [];
  for (const visit of buyers) {
    const userId = userIdOf(written, visit.regular.personKey);
    let left = credits.get(userId) ?? 0;
    if (left === 0) {
      const at = new Date(visit.bookAt.getTime() - visit.buysMinutesBefore * MINUTE_MS);
      const purchase = purchaseOf(fixture, written, visit.regular, {
        at,
        provider: visit.paysOnline ? "demo" : "desk",
      });
      purchases.push([visit, purchase]);
      left = entitlementTerms(purchase.product, purchase.price, at).remainingClasses ?? 0;
    }
    credits.set(userId, left - 1);
  }
  const entitlements = await placePaidOrders(
    tx,
    purchases.map(([, purchase]) => purchase),
  );
  return new Map(purchases.map(([visit], index) => [visit, entitlements[index]!.id]));
}

type Purchase = Parameters<typeof placePaidOrders>[1][number];

/** A purchase of the regular's product at the cheapest price they may pay, paid (and dated) `at`. */
function purchaseOf(
  fixture: DemoFixture,
  written: Written,
  regular: DemoRegular,
  { at, provider }: { at: Date; provider: "demo" | "desk" },
): Purchase {
  const { product, prices } = productOf(written, regular.productKey);
  const price = cheapestFor(personOf(fixture, regular.personKey), prices, fixture.account.timezone, at);
  return { userId: userIdOf(written, regular.personKey), product, price, provider, paidAt: at, createdAt: at };
}

/** The cheapest price the person may pay on that day (a youth price, if they are young enough). */
function cheapestFor(person: DemoPerson, prices: Price[], timezone: string, at: Date): Price {
  const buyer = { dateOfBirth: person.dateOfBirth ? new Date(`${person.dateOfBirth}T00:00:00Z`) : null };
  const eligible = prices.filter((price) => isEligibleForPrice(price, buyer, { timezone, now: at }));
  const cheapest = eligible.sort((a, b) => a.amount - b.amount)[0];
  if (!cheapest) throw new Error(`demo history: no price for ${person.key}`);
  return cheapest;
}

function personOf(fixture: DemoFixture, key: string): DemoPerson {
  const person = [...fixture.attendees, ...fixture.clientele].find((candidate) => candidate.key === key);
  if (!person) throw new Error(`demo fixture names an unknown person: ${key}`);
  return person;
}

/**
 * Månedskort paid at the desk month after month, back to before the programme began: each from a
 * day of the last four weeks, so that one is running now; for someone the fixture grants one at
 * `now` (writeEntitlements), the months before it.
 */
async function paySubscriptions(tx: TenantTx, fixture: DemoFixture, written: Written, random: () => number) {
  const startsOn = DateTime.fromJSDate(
    startOfLocalDay(programmeStartsOn(fixture, written.now), fixture.account.timezone),
  );
  const purchases: Purchase[] = [];
  for (const regular of fixture.history.regulars) {
    if (!isSubscriber(written, regular)) continue;
    const grantedNow = fixture.entitlements.some(
      (grant) => grant.personKey === regular.personKey && grant.productKey === regular.productKey,
    );
    const anchor = DateTime.fromJSDate(written.now, { zone: "utc" }).minus(
      grantedNow ? { months: 1 } : { minutes: Math.floor(random() * 27 * 24 * 60) },
    );
    for (let months = 0; anchor.minus({ months: months - 1 }) > startsOn; months++)
      purchases.push(
        purchaseOf(fixture, written, regular, { at: anchor.minus({ months }).toJSDate(), provider: "desk" }),
      );
  }
  await placePaidOrders(tx, purchases);
}

/** Attendance of the past places, as of `now`: those who came `attended`, the others `no_show`. */
async function recordPastAttendance(tx: TenantTx, visits: Visit[], bookingIds: Map<Visit, string>, written: Written) {
  const marks = { attended: [] as string[], no_show: [] as string[] };
  for (const visit of visits) {
    const bookingId = bookingIds.get(visit);
    if (bookingId) marks[visit.shows ? "attended" : "no_show"].push(bookingId);
  }
  // only those still confirmed at the start are marked (recordAttendanceOf's rule)
  for (const attendance of ["attended", "no_show"] as const)
    await recordAttendanceOf(tx, { bookingIds: marks[attendance], attendance, now: written.now });
}
