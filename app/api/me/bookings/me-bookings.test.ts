import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY, grant } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, attendee.userId);
});

async function bookAs(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

type Item = {
  booking: { id: string; status: string };
  instance: { id: string; startsAt: string; bookedCount: number };
  event: { id: string; title: string };
};

describe("GET /me/bookings", () => {
  it("lists my bookings of every status with instance and event, in the instances' chronological order", async () => {
    const now = Date.now();
    const late = await createClass(tenant.accountId, { startsAt: new Date(now + 5 * DAY), title: "Late" });
    const early = await createClass(tenant.accountId, { startsAt: new Date(now + 1 * DAY), title: "Early" });
    const middle = await createClass(tenant.accountId, {
      startsAt: new Date(now + 3 * DAY),
      capacity: 0,
      title: "Middle",
    });
    const cancelledOne = await createClass(tenant.accountId, { startsAt: new Date(now + 4 * DAY), title: "Cancelled" });
    const lateBooking = await bookAs(attendee, late.id);
    const earlyBooking = await bookAs(attendee, early.id);
    const waiting = await bookAs(attendee, middle.id, { waitlist: true });
    const cancelled = await bookAs(attendee, cancelledOne.id);
    await api("DELETE", `/bookings/${cancelled.id}`, { token: attendee.token });
    const rebooked = await bookAs(attendee, cancelledOne.id);
    // someone else's booking is not listed
    const other = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, other.userId);
    await bookAs(other, early.id);

    const response = await api("GET", "/me/bookings", { token: attendee.token });

    expect(response.status).toBe(200);
    const items = response.body as Item[];
    expect(items.map((item) => [item.event.title, item.booking.id, item.booking.status])).toEqual([
      ["Early", earlyBooking.id, "confirmed"],
      ["Middle", waiting.id, "waitlisted"],
      ["Cancelled", cancelled.id, "cancelled"],
      ["Cancelled", rebooked.id, "confirmed"],
      ["Late", lateBooking.id, "confirmed"],
    ]);
    expect(items[0]).toEqual({
      booking: expect.objectContaining({
        id: earlyBooking.id,
        attendeeId: attendee.userId,
        accountId: tenant.accountId,
      }),
      instance: expect.objectContaining({
        id: early.id,
        eventId: early.eventId,
        startsAt: early.startsAt.toISOString(),
        bookedCount: 2,
      }),
      event: expect.objectContaining({ id: early.eventId, title: "Early", status: "published" }),
    });
  });

  it("bounds the instances' start by from (inclusive) and to (exclusive)", async () => {
    const base = Date.now() + 2 * DAY;
    const atFrom = await createClass(tenant.accountId, { startsAt: new Date(base) });
    const inside = await createClass(tenant.accountId, { startsAt: new Date(base + DAY) });
    const atTo = await createClass(tenant.accountId, { startsAt: new Date(base + 2 * DAY) });
    const before = await createClass(tenant.accountId, { startsAt: new Date(base - 1000) });
    for (const lesson of [atFrom, inside, atTo, before]) await bookAs(attendee, lesson.id);
    const from = new Date(base).toISOString();
    const to = new Date(base + 2 * DAY).toISOString();

    const both = await api("GET", `/me/bookings?from=${from}&to=${to}`, { token: attendee.token });
    expect(both.body.map((item: Item) => item.instance.id)).toEqual([atFrom.id, inside.id]);
    const onlyFrom = await api("GET", `/me/bookings?from=${from}`, { token: attendee.token });
    expect(onlyFrom.body.map((item: Item) => item.instance.id)).toEqual([atFrom.id, inside.id, atTo.id]);
    const onlyTo = await api("GET", `/me/bookings?to=${to}`, { token: attendee.token });
    expect(onlyTo.body.map((item: Item) => item.instance.id)).toEqual([before.id, atFrom.id, inside.id]);
  });

  it("answers 400 for a bad range or date, 401 without credentials", async () => {
    const at = new Date().toISOString();
    expect(await api("GET", `/me/bookings?from=${at}&to=${at}`, { token: attendee.token })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("GET", "/me/bookings?from=yesterday", { token: attendee.token })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("GET", "/me/bookings")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });

  it("shows only the active account's bookings", async () => {
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: attendee.userId, persona: "attendee" } });
    const theirs = await createClass(other.accountId);
    await db.booking.create({
      data: { accountId: other.accountId, instanceId: theirs.id, attendeeId: attendee.userId, status: "confirmed" },
    });
    const mine = await createClass(tenant.accountId);
    const booking = await bookAs(attendee, mine.id);
    const response = await api("GET", "/me/bookings", { token: attendee.token });
    expect(response.body.map((item: Item) => item.booking.id)).toEqual([booking.id]);
  });

  describe("a waitlisted booking's place in the queue", () => {
    const JOINED = new Date("2030-01-01T09:00:00.000Z");
    let full: { id: string };
    let first: TestMember;
    let ahead: TestMember;
    let behind: TestMember;

    async function member() {
      const created = await createMember(tenant.accountId, "attendee");
      await grant(tenant.accountId, created.userId);
      return created;
    }

    /** `who`'s booking of the full class, joined at JOINED + `second` seconds. */
    async function joinWaitlist(who: TestMember, second: number) {
      const booking = await bookAs(who, full.id, { waitlist: true });
      await db.booking.update({
        where: { id: booking.id },
        data: { createdAt: new Date(JOINED.getTime() + second * 1000) },
      });
      return booking;
    }

    async function myBookingOf(who: TestMember) {
      const response = await api("GET", "/me/bookings", { token: who.token });
      expect(response.status).toBe(200);
      return (response.body as { booking: { id: string; status: string; waitlistPosition: number | null } }[])
        .map((item) => item.booking)
        .find((booking) => booking.status === "confirmed" || booking.status === "waitlisted");
    }

    beforeEach(async () => {
      full = await createClass(tenant.accountId, { capacity: 1, startsAt: new Date(Date.now() + 3 * DAY) });
      [first, ahead, behind] = [await member(), await member(), await member()];
      await bookAs(first, full.id);
    });

    it("is 2 behind one who joined earlier, moves up as they leave, and null once the place is theirs", async () => {
      const aheadBooking = await joinWaitlist(ahead, 1);
      const mine = await joinWaitlist(attendee, 2);
      await joinWaitlist(behind, 3);
      expect(await myBookingOf(attendee)).toMatchObject({ id: mine.id, status: "waitlisted", waitlistPosition: 2 });
      expect(await myBookingOf(first)).toMatchObject({ status: "confirmed", waitlistPosition: null });
      expect(await myBookingOf(behind)).toMatchObject({ waitlistPosition: 3 });

      expect((await api("DELETE", `/bookings/${aheadBooking.id}`, { token: ahead.token })).status).toBe(200);
      expect(await myBookingOf(attendee)).toMatchObject({ waitlistPosition: 1 });
      expect(await myBookingOf(behind)).toMatchObject({ waitlistPosition: 2 });

      // the place freed goes to the one the queue names first
      const firstBooking = (await myBookingOf(first))!;
      expect((await api("DELETE", `/bookings/${firstBooking.id}`, { token: first.token })).status).toBe(200);
      expect(await myBookingOf(attendee)).toMatchObject({ id: mine.id, status: "confirmed", waitlistPosition: null });
      expect(await myBookingOf(behind)).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    });

    it("orders two who joined at the same moment as the promotion does", async () => {
      await joinWaitlist(ahead, 1);
      await joinWaitlist(behind, 1);
      const positions = new Map([
        [ahead, (await myBookingOf(ahead))!.waitlistPosition],
        [behind, (await myBookingOf(behind))!.waitlistPosition],
      ]);
      expect([...positions.values()].sort()).toEqual([1, 2]);
      const firstBooking = (await myBookingOf(first))!;
      await api("DELETE", `/bookings/${firstBooking.id}`, { token: first.token });
      for (const [who, position] of positions)
        expect((await myBookingOf(who))!.status).toBe(position === 1 ? "confirmed" : "waitlisted");
    });

    it("is null for a booking holding an offered place, which the others queue behind", async () => {
      await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode: "offer" } });
      await joinWaitlist(ahead, 1);
      await joinWaitlist(attendee, 2);
      const firstBooking = (await myBookingOf(first))!;
      await api("DELETE", `/bookings/${firstBooking.id}`, { token: first.token });
      expect(await myBookingOf(ahead)).toMatchObject({ status: "waitlisted", waitlistPosition: null });
      expect(await myBookingOf(attendee)).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    });
  });
});
