// The desk moves the person it picks up from a full class (issue 45 §1): `extraPlace: true` grows the
// capacity by one for that booking in the same transaction; nobody else is offered anything by it.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { countersOf, createClass, grant, remainingOf } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
  await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode: "offer" } });
});

const promote = (bookingId: string, body?: Record<string, unknown>) =>
  api("POST", `/bookings/${bookingId}/promote`, { token: tenant.admin.token, ...(body ? { body } : {}) });

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

async function memberWithPass() {
  const member = await createMember(tenant.accountId, "attendee");
  const pass = await grant(tenant.accountId, member.userId);
  return { member, pass };
}

/** A class of 3 places in offer mode: two booked, the third held for `held` (an offer), `picked` and `other` waiting. */
async function fullWithAHeldPlace() {
  const lesson = await createClass(tenant.accountId, { capacity: 3, title: "Hatha" });
  const booked = [await memberWithPass(), await memberWithPass(), await memberWithPass()];
  const bookings = [];
  for (const { member } of booked) bookings.push(await book(member, lesson.id));
  const held = await memberWithPass();
  const heldBooking = await book(held.member, lesson.id, { waitlist: true });
  const picked = await memberWithPass();
  const pickedBooking = await book(picked.member, lesson.id, { waitlist: true });
  const other = await memberWithPass();
  const otherBooking = await book(other.member, lesson.id, { waitlist: true });
  const cancelled = await api("DELETE", `/bookings/${bookings[0]!.id}`, { token: booked[0]!.member.token });
  expect(cancelled.status, cancelled.text).toBe(200);
  const offer = await db.booking.findUniqueOrThrow({ where: { id: heldBooking.id } });
  expect(offer.offerExpiresAt).not.toBeNull();
  return { lesson, heldBooking, offer, picked, pickedBooking, other, otherBooking };
}

const offersOn = (instanceId: string) =>
  db.booking.findMany({
    where: { instanceId, status: "waitlisted", offerExpiresAt: { not: null } },
    select: { id: true, offerExpiresAt: true },
  });

describe("POST /bookings/{bookingId}/promote with extraPlace", () => {
  it("answers 409 Instance is full without it while the held place fills the class", async () => {
    const { lesson, pickedBooking } = await fullWithAHeldPlace();
    for (const body of [undefined, { extraPlace: false }]) {
      const refused = await promote(pickedBooking.id, body);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toEqual({ error: "Instance is full" });
    }
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(3);
  });

  it("grows the class by one place for the picked person, confirmed with their pass and emailed; no one else is offered anything", async () => {
    const { lesson, heldBooking, offer, picked, pickedBooking, otherBooking } = await fullWithAHeldPlace();
    const response = await promote(pickedBooking.id, { extraPlace: true });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: pickedBooking.id, status: "confirmed", entitlementId: picked.pass.id });
    expect(await remainingOf(picked.pass.id)).toEqual({ remainingClasses: 9, status: "active" });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(4);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 4, waitlistCount: 2, confirmed: 3, waitlisted: 2 });
    expect(await offersOn(lesson.id)).toEqual([{ id: heldBooking.id, offerExpiresAt: offer.offerExpiresAt }]);
    expect((await db.booking.findUniqueOrThrow({ where: { id: otherBooking.id } })).offerExpiresAt).toBeNull();
    const [email] = await waitForEmails(picked.member.email);
    expect(email!.subject).toMatch(/^Du har fået en plads: Hatha, /);
  });

  it("takes a free place without growing the class when one is free", async () => {
    const { lesson, heldBooking } = await fullWithAHeldPlace();
    const response = await promote(heldBooking.id, { extraPlace: true }); // its own held place is the one given
    expect(response.status, response.text).toBe(200);
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(3);
    expect(await offersOn(lesson.id)).toEqual([]);
  });

  it("grows by one for each of two concurrent moves, each taking its own new place", async () => {
    const { lesson, heldBooking, pickedBooking, otherBooking } = await fullWithAHeldPlace();
    const [one, two] = await Promise.all([
      promote(pickedBooking.id, { extraPlace: true }),
      promote(otherBooking.id, { extraPlace: true }),
    ]);
    expect([one.status, two.status], `${one.text} ${two.text}`).toEqual([200, 200]);
    const instance = await db.instance.findUniqueOrThrow({ where: { id: lesson.id } });
    expect(instance.capacity).toBe(5);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 5, waitlistCount: 1, confirmed: 4, waitlisted: 1 });
    expect((await offersOn(lesson.id)).map((booking) => booking.id)).toEqual([heldBooking.id]);
  });

  it("is refused for a body field of the wrong type", async () => {
    const { pickedBooking } = await fullWithAHeldPlace();
    expect((await promote(pickedBooking.id, { extraPlace: "yes" })).status).toBe(400);
  });
});
