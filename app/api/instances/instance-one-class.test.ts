// PATCH /instances/{instanceId} for one class at a time (issue 16 §2): a new capacity and a substitute.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { createClass, countersOf, grant, HOUR, type TestClass } from "../bookings/booking-test-data";

const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

function patch(instanceId: string, body: unknown, token = tenant.admin.token) {
  return api("PATCH", `/instances/${instanceId}`, { token, body });
}

/** A member with a pass, booked into `lesson` (confirmed or waitlisted, as the class has room). */
async function booked(lesson: TestClass, options: { waitlist?: boolean } = {}) {
  const member = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, member.userId);
  const response = await api("POST", "/bookings", {
    token: member.token,
    body: { instanceId: lesson.id, ...(options.waitlist ? { waitlist: true } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { member, bookingId: response.body.id as string, status: response.body.status as string };
}

describe("PATCH /instances/{instanceId} action capacity", () => {
  it("raising it promotes the waitlist in queue order, as a cancellation does, and emails the promoted", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await booked(lesson);
    const first = await booked(lesson, { waitlist: true });
    const second = await booked(lesson, { waitlist: true });
    const third = await booked(lesson, { waitlist: true });
    expect([first.status, second.status, third.status]).toEqual(["waitlisted", "waitlisted", "waitlisted"]);

    const response = await patch(lesson.id, { action: "capacity", capacity: 3 });

    expect(response).toMatchObject({ status: 200, body: { id: lesson.id, capacity: 3, bookedCount: 3, waitlistCount: 1 } });
    const status = async (id: string) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;
    expect([await status(first.bookingId), await status(second.bookingId), await status(third.bookingId)]).toEqual([
      "confirmed",
      "confirmed",
      "waitlisted",
    ]);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 3, waitlistCount: 1, confirmed: 3, waitlisted: 1 });
    const emails = await waitForEmails(first.member.email, 1);
    expect(emails.map((email) => email.subject.split(":")[0])).toEqual(["Du har fået en plads"]);
  });

  it("lowering it keeps every confirmed booking; the class stays over full and nobody else gets in", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 3 });
    const people = [await booked(lesson), await booked(lesson), await booked(lesson)];

    const response = await patch(lesson.id, { action: "capacity", capacity: 1 });

    expect(response).toMatchObject({ status: 200, body: { capacity: 1, bookedCount: 3, status: "scheduled" } });
    for (const person of people) {
      expect((await db.booking.findUniqueOrThrow({ where: { id: person.bookingId } })).status).toBe("confirmed");
    }
    const late = await booked(lesson, { waitlist: true });
    expect(late.status).toBe("waitlisted");
    // one cancellation of three does not yet free a place under the new capacity
    expect((await api("DELETE", `/bookings/${people[0]!.bookingId}`, { token: people[0]!.member.token })).status).toBe(200);
    expect((await db.booking.findUniqueOrThrow({ where: { id: late.bookingId } })).status).toBe("waitlisted");
    expect(await patch(lesson.id, { action: "capacity", capacity: 0 })).toMatchObject({ status: 200, body: { capacity: 0 } });
  });

  it("promotes nobody once the class has started", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await booked(lesson);
    const waiting = await booked(lesson, { waitlist: true });
    await db.instance.update({
      where: { id: lesson.id },
      data: { startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now()) },
    });

    expect(await patch(lesson.id, { action: "capacity", capacity: 5 })).toMatchObject({ status: 200, body: { capacity: 5, bookedCount: 1 } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.bookingId } })).status).toBe("waitlisted");
  });

  it("answers 400 for a capacity that is not an integer ≥ 0, 403 to a teacher of the class and an attendee, 404 for another tenant's", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 4 });
    for (const body of [
      { action: "capacity" },
      { action: "capacity", capacity: -1 },
      { action: "capacity", capacity: 2.5 },
      { action: "capacity", capacity: "5" },
      { action: "capacity", capacity: 5, startsAt: "2030-01-01T00:00:00Z" },
    ]) {
      expect(await patch(lesson.id, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    const teacher = await createMember(tenant.accountId, "teacher");
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    const attendee: TestMember = await createMember(tenant.accountId, "attendee");
    expect(await patch(lesson.id, { action: "capacity", capacity: 8 }, teacher.token)).toMatchObject(FORBIDDEN);
    expect(await patch(lesson.id, { action: "capacity", capacity: 8 }, attendee.token)).toMatchObject(FORBIDDEN);
    const other = await createTenant();
    expect(await patch(lesson.id, { action: "capacity", capacity: 8 }, other.admin.token)).toMatchObject({ status: 404 });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(4);
  });
});
