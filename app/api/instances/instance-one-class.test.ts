// PATCH /instances/{instanceId} for one class at a time (issue 16 §2): a new capacity and a substitute.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getPublicInstanceOrThrow } from "@/lib/programme/get-public-instance";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
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

describe("PATCH /instances/{instanceId} action teachers", () => {
  let clara: TestMember;
  let jonas: TestMember;
  let lesson: TestClass;

  beforeEach(async () => {
    clara = await createMember(tenant.accountId, "teacher");
    jonas = await createMember(tenant.accountId, "teacher");
    await db.user.update({ where: { id: clara.userId }, data: { displayName: "Clara Holm" } });
    await db.user.update({ where: { id: jonas.userId }, data: { displayName: "Jonas Bech" } });
    lesson = await createClass(tenant.accountId, { capacity: 2, title: "Morgenyoga" });
    await db.event.update({ where: { id: lesson.eventId }, data: { teacherIds: [clara.userId] } });
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [clara.userId] } });
  });

  it("gives the class a substitute, records a teachers exception, and the event's later changes no longer reach it", async () => {
    const response = await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] });

    expect(response).toMatchObject({ status: 200, body: { id: lesson.id, teacherIds: [jonas.userId], status: "scheduled" } });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).ownTeachers).toBe(true);
    const exceptions = await api("GET", `/instance-exceptions?instanceId=${lesson.id}`, { token: tenant.admin.token });
    expect(exceptions.body).toEqual([
      {
        id: expect.any(String),
        accountId: tenant.accountId,
        instanceId: lesson.id,
        type: "teachers",
        originalStartsAt: lesson.startsAt.toISOString(),
        replacementStartsAt: null,
        originalTeacherIds: [clara.userId],
        replacementTeacherIds: [jonas.userId],
        createdAt: expect.any(String),
      },
    ]);

    const edited = await api("PATCH", `/events/${lesson.eventId}`, { token: tenant.admin.token, body: { teacherIds: [clara.userId, jonas.userId] } });
    expect(edited.status).toBe(200);
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).teacherIds).toEqual([jonas.userId]);
    // Jonas now manages the class's bookings; Clara no longer does
    expect((await api("GET", `/instances/${lesson.id}/roster`, { token: jonas.token })).status).toBe(200);
    expect(await api("GET", `/instances/${lesson.id}/roster`, { token: clara.token })).toMatchObject(FORBIDDEN);
  });

  it("emails the booked attendees, each in their language; the waitlist is not emailed", async () => {
    const dansk = await booked(lesson);
    const english = await booked(lesson);
    await db.user.update({ where: { id: english.member.userId }, data: { locale: "en" } });
    const waiting = await booked(lesson, { waitlist: true });
    expect(waiting.status).toBe("waitlisted");
    await waitForEmails(dansk.member.email, 1); // the confirmations
    await waitForEmails(english.member.email, 1);

    expect((await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] })).status).toBe(200);

    const [, da] = await waitForEmails(dansk.member.email, 2);
    expect(da).toMatchObject({ locale: "da", subject: expect.stringMatching(/^Ny underviser: Morgenyoga, /) });
    expect(da!.text).toContain("Jonas Bech underviser nu på holdet");
    expect(da!.text).not.toContain("Clara Holm");
    const [, en] = await waitForEmails(english.member.email, 2);
    expect(en).toMatchObject({ locale: "en", subject: expect.stringMatching(/^New teacher: Morgenyoga, /) });
    expect(en!.text).toContain("Jonas Bech teaches this class now");
    expect(readOutbox().filter((email) => email.to === waiting.member.email)).toEqual([]);
  });

  it("the same teachers again record nothing and email nobody", async () => {
    const person = await booked(lesson);
    await waitForEmails(person.member.email, 1);
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [clara.userId, clara.userId] })).toMatchObject({
      status: 200,
      body: { teacherIds: [clara.userId] },
    });
    expect(await db.instanceException.count({ where: { instanceId: lesson.id } })).toBe(0);
    expect((await patch(lesson.id, { action: "teachers", teacherIds: [] })).body.teacherIds).toEqual([]);
    const emails = await waitForEmails(person.member.email, 2);
    expect(emails[1]!.text).toContain("Holdets underviser er skiftet");
  });

  it("the public schedule and the class page show the substitute; the event keeps its teachers", async () => {
    expect((await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] })).status).toBe(200);

    const from = new Date(lesson.startsAt.getTime() - HOUR).toISOString();
    const to = new Date(lesson.startsAt.getTime() + HOUR).toISOString();
    const programme = await api("GET", `/public/accounts/${tenant.slug}/events?from=${from}&to=${to}`);
    expect(programme.status).toBe(200);
    const instance = programme.body.instances.find((one: { id: string }) => one.id === lesson.id);
    expect(instance.teachers).toEqual([{ id: jonas.userId, displayName: "Jonas Bech" }]);
    const event = programme.body.events.find((one: { id: string }) => one.id === lesson.eventId);
    expect(event.teachers).toEqual([{ id: clara.userId, displayName: "Clara Holm" }]);

    const page = await getPublicInstanceOrThrow({ slug: tenant.slug, instanceId: lesson.id });
    expect(page.teachers).toEqual(["Jonas Bech"]);
  });

  it("answers 400 for ids that are not members, 403 to the class's teacher and an attendee, 404 for another tenant's, 409 when cancelled", async () => {
    const other = await createTenant();
    const stranger = await createMember(other.accountId, "teacher");
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId, stranger.userId] })).toMatchObject({
      status: 400,
      body: { error: "Validation failed", details: [{ path: "teacherIds.1", message: "Not a member of this account", code: "teacher_unknown" }] },
    });
    for (const body of [{ action: "teachers" }, { action: "teachers", teacherIds: "x" }, { action: "teachers", teacherIds: [1] }]) {
      expect(await patch(lesson.id, body), JSON.stringify(body)).toMatchObject({ status: 400 });
    }
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] }, clara.token)).toMatchObject(FORBIDDEN);
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] }, attendee.token)).toMatchObject(FORBIDDEN);
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [] }, other.admin.token)).toMatchObject({ status: 404 });
    expect(await patch(lesson.id, { action: "cancel" })).toMatchObject({ status: 200 });
    expect(await patch(lesson.id, { action: "teachers", teacherIds: [jonas.userId] })).toMatchObject({
      status: 409,
      body: { error: "Instance is cancelled" },
    });
    const stored = await db.instance.findUniqueOrThrow({ where: { id: lesson.id } });
    expect(stored).toMatchObject({ teacherIds: [clara.userId], ownTeachers: false });
  });
});
