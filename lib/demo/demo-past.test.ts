import { describe, expect, it } from "vitest";
import { getSummarySeries } from "@/lib/admin/get-summary-series";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { getMemberStrikes } from "@/lib/strikes/get-member-strikes";
import { DEMO_EMAIL_DOMAIN, DEMO_FIXTURE } from "./demo-fixture";
import { resetDemo } from "./reset-demo";

// One database per file: the tests run in order and each reads what the first one wrote.
// A fixed moment (a Wednesday morning in Copenhagen, eleven days before summer time starts): the past
// is written relative to it, so these figures do not depend on when the test runs.
const NOW = new Date("2026-03-18T09:20:00Z");
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WINDOW_HOURS = 12; // the account's default cancellationWindowHours

let accountId = "";

async function pastBookings() {
  return db.booking.findMany({
    where: { accountId, instance: { startsAt: { lt: NOW } } },
    include: { instance: true },
  });
}

/** What the past consists of, to compare two resets. */
async function fingerprint(id: string) {
  const [bookings, orders, entitlements] = await Promise.all([
    db.booking.groupBy({
      by: ["status", "attendance"],
      where: { accountId: id },
      _count: true,
      orderBy: [{ status: "asc" }, { attendance: "asc" }],
    }),
    db.order.groupBy({
      by: ["provider"],
      where: { accountId: id },
      _count: true,
      _sum: { amount: true },
      orderBy: { provider: "asc" },
    }),
    db.entitlement.aggregate({ where: { accountId: id }, _count: true, _sum: { remainingClasses: true } }),
  ]);
  return { bookings, orders, entitlements };
}

describe("the demo studio's past", () => {
  it("resets in a few seconds, the same past for the same moment", async () => {
    const first = await resetDemo({ now: NOW });
    const before = await fingerprint(first.accountId);
    const started = performance.now();
    ({ accountId } = await resetDemo({ now: NOW }));
    console.info(`demo reset with its past took ${Math.round(performance.now() - started)} ms`); // not asserted
    expect(await fingerprint(accountId)).toEqual(before);
  });

  it("starts the programme eight weeks before this week, and keeps its 26 weeks ahead", async () => {
    const instances = await db.instance.findMany({ where: { accountId }, orderBy: { startsAt: "asc" } });
    const perWeek = DEMO_FIXTURE.series.reduce((sum, s) => sum + s.weekdays.length, 0);
    const courseClasses = DEMO_FIXTURE.courses.reduce((sum, c) => sum + c.classes, 0);
    expect(instances).toHaveLength((DEMO_FIXTURE.history.weeks + 26) * perWeek + courseClasses);
    // Monday 19 January 2026, 07:00 in Copenhagen: the first Morgenvinyasa
    expect(instances[0]!.startsAt).toEqual(new Date("2026-01-19T06:00:00Z"));
    const past = instances.filter((i) => i.startsAt < NOW);
    expect(past).toHaveLength(8 * perWeek + 4); // this week: Morgenvinyasa on Monday and Wednesday, Tuesday's Måttepilates and Yin Yoga
  });

  it("has about forty attendees, most of whom came to classes", async () => {
    const attendees = await db.membership.count({ where: { accountId, persona: "attendee" } });
    expect(attendees).toBe(44); // Mette Holm and her two children among them, and Sara Bach who gave no email
    const came = await db.booking.findMany({ where: { accountId, attendance: "attended" }, distinct: ["attendeeId"] });
    expect(came.length).toBeGreaterThanOrEqual(35);
    // the personas without a history have none
    for (const key of ["anna.larsen", "emil.christensen"]) {
      const user = await db.user.findUniqueOrThrow({ where: { email: `${key}@${DEMO_EMAIL_DOMAIN}` } });
      expect(await db.booking.count({ where: { accountId, attendeeId: user.id } })).toBe(0);
      expect(await db.order.count({ where: { accountId, userId: user.id } })).toBe(0);
    }
  });

  it("marks attendance of every place held at the start: most attended, some no-shows", async () => {
    const bookings = await pastBookings();
    const confirmed = bookings.filter((b) => b.status === "confirmed");
    expect(confirmed.every((b) => b.attendance === "attended" || b.attendance === "no_show")).toBe(true);
    expect(bookings.filter((b) => b.status !== "confirmed").every((b) => b.attendance === null)).toBe(true);
    const noShows = confirmed.filter((b) => b.attendance === "no_show").length;
    expect(confirmed.length).toBeGreaterThan(300);
    expect(noShows).toBeGreaterThan(0);
    expect(noShows / confirmed.length).toBeLessThan(0.2);
    // no upcoming class has attendance
    expect(
      await db.booking.count({ where: { accountId, attendance: { not: null }, instance: { startsAt: { gte: NOW } } } }),
    ).toBe(0);
  });

  it("booked inside each class's booking window, and cancelled late only inside the cancellation window", async () => {
    const bookings = await pastBookings();
    for (const b of bookings) {
      expect(b.createdAt < b.instance.startsAt).toBe(true);
      expect(b.createdAt.getTime()).toBeGreaterThanOrEqual(b.instance.startsAt.getTime() - 14 * DAY_MS);
    }
    const late = bookings.filter((b) => b.status === "late_cancelled");
    const cancelled = bookings.filter((b) => b.status === "cancelled");
    expect(late.length).toBeGreaterThan(5);
    expect(cancelled.length).toBeGreaterThan(5);
    const refundUntil = (b: (typeof bookings)[number]) => b.instance.startsAt.getTime() - WINDOW_HOURS * HOUR_MS;
    expect(late.every((b) => b.cancelledAt!.getTime() >= refundUntil(b) && b.cancelledAt! < b.instance.startsAt)).toBe(
      true,
    );
    // ordinary cancellations before the window (a waitlisted place is `cancelled` at any time)
    expect(cancelled.filter((b) => b.cancelledAt!.getTime() < refundUntil(b)).length).toBeGreaterThan(5);
  });

  it("never seats more than a class holds; its counters are its bookings", async () => {
    const instances = await db.instance.findMany({ where: { accountId }, include: { bookings: true } });
    for (const instance of instances) {
      const confirmed = instance.bookings.filter((b) => b.status === "confirmed").length;
      const waitlisted = instance.bookings.filter((b) => b.status === "waitlisted");
      // a place offered to a waitlisted booking is held in the count (decision 0039)
      const offered = waitlisted.filter((b) => b.offerExpiresAt !== null).length;
      expect(confirmed + offered).toBeLessThanOrEqual(instance.capacity);
      expect(instance.bookedCount).toBe(confirmed + offered);
      expect(instance.waitlistCount).toBe(waitlisted.length);
    }
    // one place is offered, in the upcoming waitlist class, none in the past
    const offers = instances.flatMap((i) => i.bookings.filter((b) => b.offerExpiresAt !== null).map(() => i));
    expect(offers.map((i) => i.startsAt > NOW)).toEqual([true]);
    // the small room fills up some evenings
    expect(instances.some((i) => i.startsAt < NOW && i.bookedCount === i.capacity)).toBe(true);
  });

  it("paid for passes, drop-ins and Månedskort in the past, online and at the desk", async () => {
    const orders = await db.order.findMany({ where: { accountId }, include: { product: true } });
    expect(orders.every((o) => o.status === "paid" && o.paidAt !== null && o.paidAt <= NOW)).toBe(true);
    expect(orders.every((o) => o.createdAt.getTime() === o.paidAt!.getTime())).toBe(true);
    const past = orders.filter((o) => o.paidAt! < new Date(NOW.getTime() - 7 * DAY_MS));
    expect(past.length).toBeGreaterThan(50);
    expect(new Set(past.map((o) => o.product.type))).toEqual(new Set(["drop_in", "class_pass", "subscription"]));
    expect(new Set(past.map((o) => o.provider))).toEqual(new Set(["demo", "desk"]));
    // Månedskort are paid at the desk, month after month, without overlapping
    const monthly = await db.entitlement.findMany({
      where: { accountId, product: { type: "subscription" } },
      include: { order: true },
      orderBy: { validFrom: "asc" },
    });
    expect(monthly.every((e) => e.order!.provider === "desk")).toBe(true);
    const byPerson = new Map<string, typeof monthly>();
    for (const e of monthly) byPerson.set(e.userId, [...(byPerson.get(e.userId) ?? []), e]);
    for (const months of byPerson.values())
      for (let i = 1; i < months.length; i++) expect(months[i - 1]!.validUntil! <= months[i]!.validFrom).toBe(true);
    // a youth price for the young: Freja (born 2004) pays 900 kr for a 10-klippekort
    const freja = await db.user.findUniqueOrThrow({ where: { email: `freja.nielsen@${DEMO_EMAIL_DOMAIN}` } });
    const frejasPasses = orders.filter((o) => o.userId === freja.id && o.product.type === "class_pass");
    expect(frejasPasses.length).toBeGreaterThanOrEqual(2);
    expect(frejasPasses.every((o) => o.amount === 90_000)).toBe(true);
  });

  it("keeps every pass's credits: what it gave, less the places that took one", async () => {
    const entitlements = await db.entitlement.findMany({
      where: { accountId, remainingClasses: { not: null } },
      include: { product: true, bookings: true, order: true },
    });
    expect(entitlements.length).toBeGreaterThan(40);
    for (const e of entitlements) {
      const initial = e.product.type === "drop_in" ? 1 : e.product.classAllowance!;
      const used = e.bookings.filter((b) => b.status === "confirmed" || b.status === "late_cancelled").length;
      expect(e.remainingClasses).toBe(initial - used);
      expect(e.status).toBe(e.remainingClasses === 0 ? "exhausted" : "active");
      // a place takes a credit paid before it was booked
      for (const b of e.bookings) expect(b.createdAt >= e.order!.paidAt!).toBe(true);
    }
    expect(entitlements.some((e) => e.status === "exhausted" && e.product.type === "class_pass")).toBe(true);
  });

  it("gives the summary's charts non-zero weeks", async () => {
    const from = new Date("2026-01-19T00:00:00+01:00");
    const to = new Date("2026-03-16T00:00:00+01:00"); // eight whole weeks, Monday to Monday
    const { total, unit, points } = await getSummarySeries({
      db: tenantDb(accountId),
      from,
      to,
      timezone: "Europe/Copenhagen",
    });
    expect(unit).toBe("week");
    expect(points).toHaveLength(8);
    for (const { summary } of points) {
      expect(summary.bookings).toBeGreaterThan(20);
      expect(summary.attended).toBeGreaterThan(0);
      expect(summary.fillRate).toBeGreaterThan(0);
      expect(summary.activeAttendees).toBeGreaterThan(5);
    }
    expect(total.noShows).toBeGreaterThan(0);
    expect(total.cancellations).toBeGreaterThan(0);
    expect(total.lateCancellations).toBeGreaterThan(0);
    expect(total.revenue).toEqual([{ currency: "DKK", amount: expect.any(Number) }]);
    expect(total.revenue[0]!.amount).toBeGreaterThan(1_000_000);
    // the last 30 days, as the page shows by default, day by day
    const recent = await getSummarySeries({
      db: tenantDb(accountId),
      from: new Date(NOW.getTime() - 30 * DAY_MS),
      to: NOW,
      timezone: "Europe/Copenhagen",
    });
    expect(recent.unit).toBe("day");
    expect(recent.points.filter((p) => p.summary.bookings > 0).length).toBeGreaterThan(20);
  });

  it("has strikes on, everyone's slate clean but Lars Andersen's, one strike from a block", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account).toMatchObject({ strikeLimit: 3, strikeWindowDays: 30, strikeBlockDays: 7 });
    const strikesOf = async (key: string) => {
      const user = await db.user.findUniqueOrThrow({ where: { email: `${key}@${DEMO_EMAIL_DOMAIN}` } });
      return getMemberStrikes({ db: tenantDb(accountId), accountId, userId: user.id, now: NOW });
    };
    const lars = await strikesOf("lars.andersen");
    expect(lars.strikes).toHaveLength(2);
    expect(lars.blockedUntil).toBeNull();
    for (const key of ["ida.holm", "mads.jensen", "freja.nielsen", "sofie.pedersen"])
      expect((await strikesOf(key)).strikes).toEqual([]);
  });
});
