// The person's read model, through a real database at a fixed moment: what the desk sees of a
// member (attendance, bookings ahead and behind, current passes with a coming pause and a page of
// ended ones, orders, what it can grant and book), and nothing of another studio's people; and what the
// member sees of themself (audience "member"): their household's bookings, passes and receipts, their children.
import { beforeAll, describe, expect, it } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { getPersonOverview } from "./get-person-overview";

const DAY = 86_400_000;
// Tuesday 12 March 2030, 12:00 UTC (13:00 in Copenhagen).
const NOW = new Date("2030-03-12T12:00:00.000Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const TIMEZONE = "Europe/Copenhagen";

let tenant: TestTenant;
let member: TestMember;
const ids: Record<string, string> = {};

async function book(instanceId: string, status: string, attendance: string | null = null) {
  return db.booking.create({
    data: { accountId: tenant.accountId, instanceId, attendeeId: member.userId, status, attendance },
  });
}

beforeAll(async () => {
  tenant = await createTenant({ timezone: TIMEZONE });
  member = await createMember(tenant.accountId, "attendee", { displayName: "Mette Holm" });
  const ahead = await createClass(tenant.accountId, { startsAt: at(1), title: "Yin ahead" });
  const aheadCancelled = await createClass(tenant.accountId, { startsAt: at(2), title: "Flow cancelled" });
  const open = await createClass(tenant.accountId, { startsAt: at(3), title: "Open class" });
  const attended = await createClass(tenant.accountId, { startsAt: at(-2), title: "Attended" });
  const missed = await createClass(tenant.accountId, { startsAt: at(-9), title: "Missed" });
  const dropped = await createClass(tenant.accountId, { startsAt: at(-3), title: "Dropped" });
  ids.ahead = ahead.id;
  ids.open = open.id;
  await book(ahead.id, "confirmed");
  await book(aheadCancelled.id, "cancelled");
  await book(attended.id, "confirmed", "attended");
  await book(missed.id, "confirmed", "no_show");
  await book(dropped.id, "late_cancelled");

  const pass = await grant(tenant.accountId, member.userId, { validFrom: at(-20), remainingClasses: 3 });
  const membership = await grant(tenant.accountId, member.userId, { validFrom: at(-20), remainingClasses: null });
  await db.entitlement.update({
    where: { id: membership.id },
    data: { pausedFrom: new Date("2030-03-20T00:00:00Z"), pausedUntil: new Date("2030-04-03T00:00:00Z") },
  });
  const old = await grant(tenant.accountId, member.userId, { validFrom: at(-60), validUntil: at(-30) });
  Object.assign(ids, { pass: pass.id, membership: membership.id, old: old.id });

  const product = await db.product.create({
    data: { accountId: tenant.accountId, type: "class_pass", name: "10 klip", classAllowance: 10, status: "active" },
  });
  const price = await db.price.create({
    data: { accountId: tenant.accountId, productId: product.id, amount: 120000, currency: "DKK", minAge: 18 },
  });
  const archived = await db.product.create({
    data: { accountId: tenant.accountId, type: "class_pass", name: "Old offer", classAllowance: 5, status: "archived" },
  });
  await db.price.create({
    data: { accountId: tenant.accountId, productId: archived.id, amount: 500, currency: "DKK" },
  });
  await db.order.create({
    data: {
      accountId: tenant.accountId,
      userId: member.userId,
      productId: product.id,
      priceId: price.id,
      amount: 120000,
      currency: "DKK",
      status: "paid",
      provider: "desk",
    },
  });
});

function overview(accountId = tenant.accountId) {
  return getPersonOverview({ db: tenantDb(accountId), userId: member.userId, timezone: TIMEZONE, now: NOW });
}

describe("getPersonOverview", () => {
  it("counts attendance over the marked past bookings and the classes left on active passes", async () => {
    const read = await overview();
    expect(read.person).toMatchObject({ id: member.userId, displayName: "Mette Holm", persona: "attendee" });
    expect(read.today).toBe("2030-03-12");
    expect(read.attendance).toEqual({ attended: 1, noShow: 1, rate: 0.5 });
    expect(read.weeks.reduce((sum, week) => sum + week.attended + week.noShow, 0)).toBe(2);
    // The membership is unlimited: no sum of classes left.
    expect(read.credits).toEqual({ left: null, activePasses: 2 });
  });

  it("lists live bookings ahead and every booking behind, newest first", async () => {
    const read = await overview();
    expect(read.upcoming.map((booking) => [booking.title, booking.status])).toEqual([["Yin ahead", "confirmed"]]);
    expect(read.past.total).toBe(3);
    expect(read.past.shown.map((booking) => [booking.title, booking.status, booking.attendance])).toEqual([
      ["Attended", "confirmed", "attended"],
      ["Dropped", "late_cancelled", null],
      ["Missed", "confirmed", "no_show"],
    ]);
  });

  it("shows each pass's effective status, a coming pause, and which membership the desk can manage", async () => {
    const passes = new Map((await overview()).passes.map((pass) => [pass.id, pass]));
    expect(passes.get(ids.pass!)).toMatchObject({
      status: "active",
      remainingClasses: 3,
      pause: null,
      controls: { cancellable: false, pausable: false, resumable: false },
    });
    expect(passes.get(ids.membership!)).toMatchObject({
      status: "active",
      membership: true,
      controls: { cancellable: true, pausable: false, resumable: true },
      pause: { from: "2030-03-20", until: "2030-04-03", running: false },
    });
    expect(passes.has(ids.old!)).toBe(false);
    const ended = (await overview()).endedPasses;
    expect(ended.shown).toEqual([
      expect.objectContaining({
        id: ids.old,
        status: "expired",
        controls: { cancellable: false, pausable: false, resumable: false },
      }),
    ]);
    expect(ended.next).toBeNull();
  });

  it("gives each pass the studio's dates of its confirmed bookings ahead: what a pause on those days cancels", async () => {
    const late = await createClass(tenant.accountId, { startsAt: new Date("2030-03-14T23:30:00Z"), title: "Late Yin" });
    const held = await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: late.id,
        attendeeId: member.userId,
        status: "confirmed",
        entitlementId: ids.membership!,
      },
    });
    try {
      const read = await overview();
      expect(read.bookedDays).toEqual({ [ids.membership!]: ["2030-03-15"] }); // 00:30 the next day in the studio
    } finally {
      await db.booking.delete({ where: { id: held.id } });
      await db.event.delete({ where: { id: late.eventId } }); // and its class: the later tests read the classes ahead
    }
  });

  it("shows every current pass, and the ended ones a keyset page at a time, newest first, nobody else's", async () => {
    const veteran = await createMember(tenant.accountId, "attendee", { displayName: "Ten Years" });
    const neighbour = await createMember(tenant.accountId, "attendee");
    const elsewhere = await createTenant();
    // the same person in another studio, with passes there
    await createMember(elsewhere.accountId, "attendee", { email: veteran.email });
    const productIn = async (accountId: string, type = "class_pass") =>
      (await db.product.create({ data: { accountId, type, name: "Klip", classAllowance: 10, status: "active" } })).id;
    const klip = await productIn(tenant.accountId);
    const membership = await productIn(tenant.accountId, "subscription");
    const pass = (data: {
      userId?: string;
      accountId?: string;
      productId?: string;
      createdAt: Date;
      remainingClasses?: number | null;
      validUntil?: Date | null;
      status?: string;
    }) =>
      db.entitlement.create({
        data: {
          accountId: tenant.accountId,
          userId: veteran.userId,
          productId: klip,
          validFrom: data.createdAt,
          remainingClasses: 10,
          ...data,
        },
      });
    // 30 ended passes, one a week back from last week (two created at the same moment: the id breaks the tie):
    // used up, run out, refunded, and marked so by the sweeps
    const endings = [
      { remainingClasses: 0 },
      { validUntil: at(-1) },
      { status: "revoked" },
      { status: "expired" },
      { status: "exhausted", remainingClasses: 0 },
    ];
    const ended: string[] = [];
    for (let k = 0; k < 30; k++) {
      const createdAt = at(k === 29 ? -7 * 5 : -7 * (k + 1));
      ended.push((await pass({ createdAt, validUntil: at(60), ...endings[k % endings.length] })).id);
    }
    // two current ones: a pass bought years ago with classes left, no end, and a membership paused ahead
    const old = await pass({ createdAt: at(-3650), remainingClasses: 2 });
    const running = await pass({
      createdAt: at(-3),
      productId: membership,
      remainingClasses: null,
      validUntil: at(27),
    });
    await db.entitlement.update({
      where: { id: running.id },
      data: { pausedFrom: new Date("2030-03-20T00:00:00Z"), pausedUntil: new Date("2030-03-27T00:00:00Z") },
    });
    // nobody else's: the neighbour's, and the veteran's own in the other studio
    const foreign = [
      await pass({ userId: neighbour.userId, createdAt: at(-2) }),
      await pass({ userId: neighbour.userId, createdAt: at(-10), status: "revoked" }),
      await pass({
        accountId: elsewhere.accountId,
        productId: await productIn(elsewhere.accountId),
        createdAt: at(-1),
      }),
      await pass({
        accountId: elsewhere.accountId,
        productId: await productIn(elsewhere.accountId),
        createdAt: at(-8),
        status: "expired",
      }),
    ].map((entitlement) => entitlement.id);

    const read = (passesAfter?: readonly [Date, string]) =>
      getPersonOverview({
        db: tenantDb(tenant.accountId),
        userId: veteran.userId,
        timezone: TIMEZONE,
        now: NOW,
        passesAfter,
      });
    const first = await read();
    expect(first.passes.map((p) => p.id)).toEqual([running.id, old.id]);
    expect(first.passes.map((p) => p.status)).toEqual(["active", "active"]);
    expect(first.passes[0]).toMatchObject({
      controls: { cancellable: true, pausable: false, resumable: true },
      pause: { from: "2030-03-20", running: false },
    });
    // what the desk counts and controls reads every current pass, whichever page of ended ones is shown
    expect(first.credits).toEqual({ left: null, activePasses: 2 });
    expect(first.endedPasses.shown).toHaveLength(25);
    expect(first.endedPasses.next).not.toBeNull();
    expect(first.endedPasses.shown.every((p) => p.status !== "active" && !p.controls.cancellable)).toBe(true);

    const second = await read(first.endedPasses.next!);
    expect(second.endedPasses.shown).toHaveLength(5);
    expect(second.endedPasses.next).toBeNull();
    expect(second.passes.map((p) => p.id)).toEqual([running.id, old.id]);
    expect(second.credits).toEqual(first.credits);

    const all = [...first.endedPasses.shown, ...second.endedPasses.shown].map((p) => p.id);
    expect(new Set(all).size).toBe(30);
    expect(new Set(all)).toEqual(new Set(ended));
    // newest first: the order they were created in, backwards
    const created = new Map(
      (await db.entitlement.findMany({ where: { id: { in: ended } } })).map((e) => [e.id, e.createdAt.getTime()]),
    );
    const times = all.map((id) => created.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const id of foreign) expect([...all, old.id, running.id]).not.toContain(id);
  });

  it("names the orders' products, offers what is not archived, and books only into classes not booked yet", async () => {
    const read = await overview();
    expect(read.orders).toEqual([expect.objectContaining({ productName: "10 klip", amount: 120000, status: "paid" })]);
    expect(read.offers.map((offer) => offer.name)).toEqual(["10 klip"]);
    expect(read.offers[0]!.prices).toEqual([expect.objectContaining({ amount: 120000, minAge: 18 })]);
    const bookable = read.bookableClasses.map((instance) => instance.id);
    expect(bookable).toContain(ids.open);
    expect(bookable).not.toContain(ids.ahead);
  });

  it("reads past bookings and orders a keyset page at a time, newest first, telling every failed instalment", async () => {
    const veteran = await createMember(tenant.accountId, "attendee", { displayName: "Years Ago" });
    const product = await db.product.create({
      data: { accountId: tenant.accountId, type: "class_pass", name: "Klip", classAllowance: 1, status: "active" },
    });
    const price = await db.price.create({
      data: { accountId: tenant.accountId, productId: product.id, amount: 10000, currency: "DKK" },
    });
    // 30 past classes, one a day back from yesterday (two on the same start: the id breaks the tie)
    const starts = Array.from({ length: 29 }, (_, k) => at(-1 - k));
    starts.push(at(-5));
    for (const [k, startsAt] of starts.entries()) {
      const instance = await createClass(tenant.accountId, { startsAt, title: `Class ${k}` });
      await db.booking.create({
        data: {
          accountId: tenant.accountId,
          instanceId: instance.id,
          attendeeId: veteran.userId,
          status: "confirmed",
          attendance: k % 3 === 0 ? "no_show" : "attended",
        },
      });
    }
    // 30 orders a day apart; the oldest a failed instalment
    for (let k = 0; k < 30; k++)
      await db.order.create({
        data: {
          accountId: tenant.accountId,
          userId: veteran.userId,
          productId: product.id,
          priceId: price.id,
          amount: 10000 + k,
          currency: "DKK",
          status: k === 29 ? "failed" : "paid",
          provider: "desk",
          createdAt: at(-1 - k),
          ...(k === 29 ? { instalment: 2, instalments: 3 } : {}),
        },
      });
    const read = (pastAfter?: readonly [Date, string], ordersAfter?: readonly [Date, string]) =>
      getPersonOverview({
        db: tenantDb(tenant.accountId),
        userId: veteran.userId,
        timezone: TIMEZONE,
        now: NOW,
        pastAfter,
        ordersAfter,
      });
    const first = await read();
    expect(first.past.total).toBe(30);
    expect(first.past.shown).toHaveLength(25);
    expect(first.past.next).not.toBeNull();
    // every past mark counted, not only the page's: 10 no-shows (k = 0, 3, …, 27) and 20 attended
    expect(first.attendance).toEqual({ attended: 20, noShow: 10, rate: 20 / 30 });
    expect(first.orders.map((order) => order.amount)).toEqual(Array.from({ length: 25 }, (_, k) => 10000 + k));
    expect(first.unpaidInstalments).toEqual([
      expect.objectContaining({ amount: 10029, status: "failed", instalment: { of: 3, number: 2 } }),
    ]);

    const second = await read(first.past.next!, first.ordersNext!);
    expect(second.past.shown).toHaveLength(5);
    expect(second.past.next).toBeNull();
    expect(second.orders.map((order) => order.amount)).toEqual([10025, 10026, 10027, 10028, 10029]);
    expect(second.ordersNext).toBeNull();
    // the two pages together: every past booking once, newest class first
    const all = [...first.past.shown, ...second.past.shown];
    expect(new Set(all.map((booking) => booking.id)).size).toBe(30);
    const times = all.map((booking) => booking.startsAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("reads for the member their household's bookings, passes and receipts, each told what can be done", async () => {
    const guardian = await createMember(tenant.accountId, "attendee", { displayName: "Anna Holm" });
    const added = await api("POST", "/me/dependants", {
      token: guardian.token,
      body: { displayName: "Ida Holm", dateOfBirth: "2022-01-15" },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const child = added.body as { id: string };
    const stranger = await createMember(tenant.accountId, "attendee");
    const running = await createClass(tenant.accountId, { startsAt: new Date(NOW.getTime() - 30 * 60_000) });
    const soon = await createClass(tenant.accountId, { startsAt: at(1), title: "Ida's class" });
    const later = await createClass(tenant.accountId, { startsAt: at(4), title: "Held place" });
    const over = await createClass(tenant.accountId, { startsAt: at(-1), title: "Yesterday" });
    const create = (attendeeId: string, instanceId: string, status: string, offerExpiresAt: Date | null = null) =>
      db.booking.create({ data: { accountId: tenant.accountId, instanceId, attendeeId, status, offerExpiresAt } });
    const ownRunning = await create(guardian.userId, running.id, "confirmed");
    const childSoon = await create(child.id, soon.id, "confirmed");
    const held = await create(guardian.userId, later.id, "waitlisted", at(0.5));
    const dropped = await create(guardian.userId, over.id, "cancelled");
    await create(stranger.userId, soon.id, "confirmed");
    const membership = await grant(tenant.accountId, guardian.userId, { remainingClasses: null, validUntil: at(20) });
    const childPass = await grant(tenant.accountId, child.id, { remainingClasses: 4 });
    const revoked = await grant(tenant.accountId, guardian.userId, { remainingClasses: null, status: "revoked" });
    await grant(tenant.accountId, stranger.userId, { remainingClasses: 4 });
    const product = await db.product.findFirstOrThrow({ where: { id: childPass.productId } });
    const price = await db.price.create({
      data: { accountId: tenant.accountId, productId: product.id, amount: 10000, currency: "DKK" },
    });
    const order = (userId: string, receiptNumber: number | null) =>
      db.order.create({
        data: {
          accountId: tenant.accountId,
          userId,
          productId: product.id,
          priceId: price.id,
          amount: 10000,
          currency: "DKK",
          status: receiptNumber ? "paid" : "pending",
          provider: "desk",
          receiptNumber,
        },
      });
    const receipted = await order(child.id, 900001);
    await order(guardian.userId, null);
    await order(stranger.userId, 900002);

    const read = await getPersonOverview({
      db: tenantDb(tenant.accountId),
      userId: guardian.userId,
      timezone: TIMEZONE,
      now: NOW,
      audience: "member",
      household: true,
    });
    // a class running now is still to come; a held place can be taken, and cancelled while the class has not started
    expect(read.upcoming.map((b) => [b.id, b.attendee, b.cancellable, b.claimable])).toEqual([
      [ownRunning.id, null, false, false],
      [childSoon.id, "Ida Holm", true, false],
      [held.id, null, true, true],
    ]);
    expect(read.cancelled).toEqual([]);
    expect(read.past.shown.map((b) => [b.id, b.shownStatus, b.cancellable])).toEqual([
      [dropped.id, "cancelled", false],
    ]);
    const passes = new Map([...read.passes, ...read.endedPasses.shown].map((pass) => [pass.id, pass]));
    expect(passes.get(membership.id)).toMatchObject({
      holder: null,
      usableUntil: at(20),
      controls: { cancellable: true, pausable: true, resumable: false },
    });
    expect(passes.get(childPass.id)).toMatchObject({ holder: "Ida Holm", controls: { cancellable: false } });
    expect(passes.get(revoked.id)).toMatchObject({ status: "revoked", controls: { cancellable: false } });
    expect(passes.size).toBe(3);
    expect(read.receipts.shown.map((receipt) => receipt.id)).toEqual([receipted.id]);
    expect(read.productNames.get(product.id)).toBe("Pass");
    expect(read.dependants.map((dependant) => dependant.displayName)).toEqual(["Ida Holm"]);

    // without the household: their own only
    const alone = await getPersonOverview({
      db: tenantDb(tenant.accountId),
      userId: guardian.userId,
      timezone: TIMEZONE,
      now: NOW,
      audience: "member",
    });
    expect(alone.upcoming.map((b) => b.id)).toEqual([ownRunning.id, held.id]);
    expect(alone.passes.map((pass) => pass.id)).toEqual([membership.id]);
    expect(alone.receipts.shown).toEqual([]);
    expect(alone.dependants).toEqual([]);
  });

  it("answers not_found in another studio", async () => {
    const other = await createTenant();
    await expect(overview(other.accountId)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("a course enrolment on the member's page", () => {
  it("reads as the course: its first and last class and the classes not started yet, not as unlimited", async () => {
    const studio = await createTenant({ timezone: TIMEZONE });
    const enrolled = await createMember(studio.accountId, "attendee");
    const first = await createClass(studio.accountId, { startsAt: at(-7), title: "Yoga for begyndere" });
    const later = [at(0) /* at NOW: started */, at(7), at(14), at(21)];
    for (const startsAt of [...later, at(10)])
      await db.instance.create({
        data: {
          accountId: studio.accountId,
          eventId: first.eventId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          capacity: 10,
          audience: "everyone",
          status: startsAt.getTime() === at(10).getTime() ? "cancelled" : "scheduled",
        },
      });
    const course = await db.product.create({
      data: {
        accountId: studio.accountId,
        type: "workshop",
        name: "Begynderforløb",
        courseEventId: first.eventId,
        status: "active",
      },
    });
    const enrolment = await db.entitlement.create({
      data: {
        accountId: studio.accountId,
        userId: enrolled.userId,
        productId: course.id,
        remainingClasses: null,
        validFrom: at(-8),
        validUntil: at(22),
        status: "active",
      },
    });
    const pass = await grant(studio.accountId, enrolled.userId, { validFrom: at(-1), remainingClasses: 4 });

    const read = await getPersonOverview({
      db: tenantDb(studio.accountId),
      userId: enrolled.userId,
      timezone: TIMEZONE,
      now: NOW,
      audience: "member",
    });
    const passes = new Map(read.passes.map((shown) => [shown.id, shown]));
    expect(passes.get(enrolment.id)).toMatchObject({
      productName: "Begynderforløb",
      remainingClasses: null,
      course: { firstStartsAt: at(-7), lastStartsAt: at(21), classesLeft: 3 },
    });
    expect(passes.get(pass.id)).toMatchObject({ remainingClasses: 4, course: null });
  });
});
