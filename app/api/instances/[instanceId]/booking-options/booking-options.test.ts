// GET /instances/{instanceId}/booking-options, held to POST /bookings: in every situation, the
// reason it gives is the error POST /bookings then answers, and canBook is true exactly when
// POST /bookings (without waitlist) books.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY, grant, setPolicy, type TestClass } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

const options = (instanceId: string, token = attendee.token) =>
  api("GET", `/instances/${instanceId}/booking-options`, { token });
const book = (instanceId: string, waitlist?: boolean) =>
  api("POST", "/bookings", { token: attendee.token, body: { instanceId, ...(waitlist ? { waitlist } : {}) } });

/** A class that someone else fills (capacity 1). */
async function fullClass(): Promise<TestClass> {
  const lesson = await createClass(tenant.accountId, { capacity: 1 });
  const other = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, other.userId);
  expect((await api("POST", "/bookings", { token: other.token, body: { instanceId: lesson.id } })).status).toBe(201);
  return lesson;
}

type Situation = {
  arrange: () => Promise<TestClass>;
  expected: { canBook: boolean; action: string; reason: string | null };
  /** What POST /bookings answers then, without and with `waitlist: true`. */
  booking: { status: number; error?: string };
  waitlistBooking?: { status: number; error?: string };
};

const SITUATIONS: Record<string, Situation> = {
  "a class with places and a pass": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      return createClass(tenant.accountId);
    },
    expected: { canBook: true, action: "book", reason: null },
    booking: { status: 201 },
  },
  "a cancelled class": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      return createClass(tenant.accountId, { status: "cancelled" });
    },
    expected: { canBook: false, action: "none", reason: "not_bookable" },
    booking: { status: 409, error: "Instance is not bookable" },
  },
  "a class for nobody": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      return createClass(tenant.accountId, { audience: "nobody" });
    },
    expected: { canBook: false, action: "none", reason: "not_bookable" },
    booking: { status: 409, error: "Instance is not bookable" },
  },
  "a class beyond the booking window": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      return createClass(tenant.accountId, { startsAt: new Date(Date.now() + 20 * DAY) });
    },
    expected: { canBook: false, action: "none", reason: "not_open_yet" },
    booking: { status: 409, error: "Booking is closed" },
  },
  "a class whose booking has closed": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      await setPolicy(tenant.accountId, { closesMinutesBefore: 3 * 24 * 60 });
      return createClass(tenant.accountId);
    },
    expected: { canBook: false, action: "none", reason: "closed" },
    booking: { status: 409, error: "Booking is closed" },
  },
  "a class that has started": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId, { validFrom: new Date(Date.now() - 2 * DAY) });
      return createClass(tenant.accountId, { startsAt: new Date(Date.now() - 10 * 60_000) });
    },
    expected: { canBook: false, action: "none", reason: "started" },
    booking: { status: 409, error: "Booking is closed" },
  },
  "a class the caller has booked": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      const lesson = await createClass(tenant.accountId);
      expect((await book(lesson.id)).status).toBe(201);
      return lesson;
    },
    expected: { canBook: false, action: "none", reason: "already_booked" },
    booking: { status: 409, error: "Already booked" },
  },
  "a class and no pass": {
    arrange: () => createClass(tenant.accountId),
    expected: { canBook: false, action: "none", reason: "no_entitlement" },
    booking: { status: 402, error: "No valid entitlement" },
    waitlistBooking: { status: 402, error: "No valid entitlement" },
  },
  "a full class with an open waitlist": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      return fullClass();
    },
    expected: { canBook: false, action: "waitlist", reason: "full" },
    booking: { status: 409, error: "Instance is full" },
    waitlistBooking: { status: 201 },
  },
  "a full class without a waitlist": {
    arrange: async () => {
      await grant(tenant.accountId, attendee.userId);
      await setPolicy(tenant.accountId, { waitlistEnabled: false });
      return fullClass();
    },
    expected: { canBook: false, action: "none", reason: "waitlist_disabled" },
    booking: { status: 409, error: "Instance is full" },
    waitlistBooking: { status: 409, error: "Instance is full" },
  },
};

describe("GET /instances/{instanceId}/booking-options", () => {
  it.each(Object.entries(SITUATIONS))(
    "for %s gives the reason whose error POST /bookings answers",
    async (_name, situation) => {
      const lesson = await situation.arrange();
      const answer = await options(lesson.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ instanceId: lesson.id, ...situation.expected, message: expect.any(String) });

      const booking = await book(lesson.id);
      expect(booking.status).toBe(situation.booking.status);
      if (situation.booking.error) expect(booking.body).toEqual({ error: situation.booking.error });
      expect(answer.body.canBook).toBe(booking.status === 201);
      if (situation.waitlistBooking) {
        const waitlisted = await book(lesson.id, true);
        expect(waitlisted.status).toBe(situation.waitlistBooking.status);
        if (situation.waitlistBooking.error)
          expect(waitlisted.body).toEqual({ error: situation.waitlistBooking.error });
      }
    },
  );

  it("names the booking window, the entitlement a booking would use and the caller's live booking", async () => {
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 7 });
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const before = (await options(lesson.id)).body;
    expect(before).toMatchObject({
      opensAt: new Date(lesson.startsAt.getTime() - 14 * DAY).toISOString(),
      closesAt: lesson.startsAt.toISOString(),
      entitlement: { id: pass.id, remainingClasses: 7 },
      booking: null,
      products: [],
    });
    const booked = await book(lesson.id);
    expect((await options(lesson.id)).body).toMatchObject({
      reason: "already_booked",
      booking: { id: booked.body.id, status: "confirmed" },
    });
  });

  it("tells a waitlisted caller their place in the queue", async () => {
    await grant(tenant.accountId, attendee.userId);
    const lesson = await fullClass();
    const earlier = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, earlier.userId);
    const first = await api("POST", "/bookings", {
      token: earlier.token,
      body: { instanceId: lesson.id, waitlist: true },
    });
    expect(first.status).toBe(201);
    // joined long before the caller
    await db.booking.update({ where: { id: first.body.id }, data: { createdAt: new Date("2020-01-01T09:00:00Z") } });
    expect((await book(lesson.id, true)).status).toBe(201);
    expect((await options(lesson.id)).body).toMatchObject({
      reason: "already_booked",
      booking: { status: "waitlisted" },
      message: expect.stringMatching(
        /^(Du er nr\. 2 på ventelisten til holdet\.|You are number 2 on the waitlist for this class\.)$/,
      ),
    });
    expect((await options(lesson.id, earlier.token)).body.message).toMatch(/nr\. 1|number 1/);
  });

  it("offers, to a caller without a pass, the products on sale that would cover the class", async () => {
    const lesson = await createClass(tenant.accountId);
    const product = (body: Record<string, unknown>) =>
      api("POST", "/products", { token: tenant.admin.token, body: { status: "active", ...body } });
    const dropIn = await product({ type: "drop_in", name: "Drop-in", prices: [{ amount: 12000, currency: "DKK" }] });
    const otherClass = await product({
      type: "drop_in",
      name: "Other class only",
      eligibleEventIds: [(await createClass(tenant.accountId)).eventId],
      prices: [{ amount: 12000, currency: "DKK" }],
    });
    const tooShort = await product({
      type: "class_pass",
      name: "One-day pass",
      classAllowance: 5,
      validityDays: 1,
      prices: [{ amount: 50000, currency: "DKK" }],
    });
    const draft = await product({
      type: "drop_in",
      name: "Draft",
      status: "draft",
      prices: [{ amount: 100, currency: "DKK" }],
    });
    for (const created of [dropIn, otherClass, tooShort, draft])
      expect(created.status, JSON.stringify(created.body)).toBe(201);

    const answer = await options(lesson.id);
    expect(answer.body.reason).toBe("no_entitlement");
    expect(answer.body.products.map((p: { name: string }) => p.name)).toEqual(["Drop-in"]);
    expect(answer.body.products[0].prices).toHaveLength(1);
  });

  it("says it in the caller's language: their own choice, else the site's switcher, else the studio's", async () => {
    await grant(tenant.accountId, attendee.userId);
    const lesson = await createClass(tenant.accountId);
    const path = `/instances/${lesson.id}/booking-options`;
    expect((await options(lesson.id)).body.message).toBe("Du kan booke en plads."); // a da-DK studio
    const switchedToEnglish = await api("GET", path, {
      token: attendee.token,
      headers: { cookie: "studio_locale=en" },
    });
    expect(switchedToEnglish.body.message).toBe("You can book a place.");
    await api("PATCH", "/me", { token: attendee.token, body: { locale: "en" } });
    expect((await options(lesson.id)).body.message).toBe("You can book a place.");
    const ownChoiceWins = await api("GET", path, { token: attendee.token, headers: { cookie: "studio_locale=da" } });
    expect(ownChoiceWins.body.message).toBe("You can book a place.");
  });

  it("answers 404 for an unknown or foreign class and for one of groups the caller is in none of", async () => {
    const other = await createTenant();
    const foreign = await createClass(other.accountId);
    const group = await db.group.create({ data: { accountId: tenant.accountId, name: "Seniors" } });
    const hidden = await createClass(tenant.accountId, { audience: "groups", groupIds: [group.id] });
    for (const id of ["no-such-instance", foreign.id, hidden.id])
      expect(await options(id)).toMatchObject({ status: 404, body: { error: "Resource not found" } });

    await db.groupMember.create({ data: { accountId: tenant.accountId, groupId: group.id, userId: attendee.userId } });
    expect((await options(hidden.id)).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const lesson = await createClass(tenant.accountId);
    expect(await api("GET", `/instances/${lesson.id}/booking-options`)).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });
});
