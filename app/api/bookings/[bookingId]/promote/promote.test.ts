// POST /bookings/{bookingId}/promote: the desk moves one waitlisted person up (issue 30).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { countersOf, createClass, DAY, grant, remainingOf, type TestClass } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

const promote = (bookingId: string, token = tenant.admin.token, body?: Record<string, unknown>) =>
  api("POST", `/bookings/${bookingId}/promote`, { token, ...(body ? { body } : {}) });

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; status: string };
}

/** A full class (capacity 1) with one person waitlisted behind another, and a place freed by raising capacity in the table. */
async function waitlistedOn(options: { free?: boolean } = {}) {
  const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Yin" });
  const first = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, first.userId);
  await book(first, lesson.id);
  const earlier = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, earlier.userId);
  await book(earlier, lesson.id, { waitlist: true });
  const member = await createMember(tenant.accountId, "attendee");
  const soon = await grant(tenant.accountId, member.userId, { validUntil: new Date(Date.now() + 10 * DAY) });
  const later = await grant(tenant.accountId, member.userId, { validUntil: new Date(Date.now() + 90 * DAY) });
  const waiting = await book(member, lesson.id, { waitlist: true });
  if (options.free !== false) await db.instance.update({ where: { id: lesson.id }, data: { capacity: 2 } });
  return { lesson, member, waiting, soon, later };
}

describe("POST /bookings/{bookingId}/promote", () => {
  it("confirms the booking ahead of the queue with the pass that expires first, and emails a promotion", async () => {
    const { lesson, member, waiting, soon, later } = await waitlistedOn();
    const response = await promote(waiting.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: waiting.id, status: "confirmed", entitlementId: soon.id });
    expect(await remainingOf(soon.id)).toEqual({ remainingClasses: 9, status: "active" });
    expect(await remainingOf(later.id)).toEqual({ remainingClasses: 10, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 2, waitlistCount: 1, confirmed: 2, waitlisted: 1 });
    const [email] = await waitForEmails(member.email);
    expect(email!.subject).toMatch(/^Du har fået en plads: Yin, /);
    expect(email!.attachments?.[0]?.filename).toBe("booking.ics");
  });

  it("uses the pass the desk names", async () => {
    const { waiting, later } = await waitlistedOn();
    const response = await promote(waiting.id, tenant.admin.token, { entitlementId: later.id });
    expect(response).toMatchObject({ status: 200, body: { status: "confirmed", entitlementId: later.id } });
  });

  it("answers 402 for a named pass that is not the attendee's or does not cover the class, and for none at all", async () => {
    const { member, waiting, soon, later } = await waitlistedOn();
    const stranger = await createMember(tenant.accountId, "attendee");
    const theirs = await grant(tenant.accountId, stranger.userId);
    expect(await promote(waiting.id, tenant.admin.token, { entitlementId: theirs.id })).toMatchObject({
      status: 402,
      body: { error: "No valid entitlement" },
    });
    await db.entitlement.updateMany({
      where: { id: { in: [soon.id, later.id] } },
      data: { remainingClasses: 0, status: "exhausted" },
    });
    expect(await promote(waiting.id)).toMatchObject({ status: 402, body: { error: "No valid entitlement" } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("waitlisted");
    expect(member.userId).toBeTruthy();
  });

  it("answers 409 `Instance is full` while no place is free, and 409 `Booking is not waitlisted` once placed", async () => {
    const { lesson, waiting } = await waitlistedOn({ free: false });
    expect(await promote(waiting.id)).toMatchObject({ status: 409, body: { error: "Instance is full" } });
    await db.instance.update({ where: { id: lesson.id }, data: { capacity: 2 } });
    expect((await promote(waiting.id)).status).toBe(200);
    expect(await promote(waiting.id)).toMatchObject({ status: 409, body: { error: "Booking is not waitlisted" } });
    expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 2, confirmed: 2 });
  });

  it("lets a teacher of the class promote, not a teacher of another class nor an attendee", async () => {
    const { lesson, member, waiting } = await waitlistedOn();
    const teacher = await createMember(tenant.accountId, "teacher");
    const otherTeacher = await createMember(tenant.accountId, "teacher");
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    expect((await promote(waiting.id, member.token)).status).toBe(403);
    expect((await promote(waiting.id, otherTeacher.token)).status).toBe(403);
    expect((await promote(waiting.id, teacher.token)).status).toBe(200);
  });

  it("answers 404 for an unknown booking and for another studio's, 400 for a malformed body", async () => {
    const other = await createTenant();
    const theirs: TestClass = await createClass(other.accountId, { capacity: 0 });
    const stranger = await createMember(other.accountId, "attendee");
    await grant(other.accountId, stranger.userId);
    const waiting = await book(stranger, theirs.id, { waitlist: true });
    expect((await promote(waiting.id)).status).toBe(404);
    expect((await promote("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const mine = await waitlistedOn();
    expect((await promote(mine.waiting.id, tenant.admin.token, { entitlementId: 5 })).status).toBe(400);
    expect((await promote(mine.waiting.id, tenant.admin.token, { other: true })).status).toBe(400);
  });

  it("at the door: a place freed after the start, which the waitlist no longer takes by itself, goes to the one moved up", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const first = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, first.userId);
    const booked = await book(first, lesson.id);
    const member = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, member.userId);
    const waiting = await book(member, lesson.id, { waitlist: true });
    const startedAt = new Date(Date.now() - 5 * 60_000);
    await db.instance.update({
      where: { id: lesson.id },
      data: { startsAt: startedAt, endsAt: new Date(startedAt.getTime() + 3_600_000) },
    });
    expect((await api("DELETE", `/bookings/${booked.id}`, { token: tenant.admin.token })).status).toBe(200);
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("waitlisted");

    expect(await promote(waiting.id)).toMatchObject({ status: 200, body: { status: "confirmed" } });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 0, confirmed: 1, waitlisted: 0 });
  });
});
