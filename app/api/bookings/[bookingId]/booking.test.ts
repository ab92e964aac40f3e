import { beforeEach, describe, expect, it } from "vitest";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { createClass, countersOf, DAY, grant, HOUR, remainingOf, setPolicy } from "../booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

async function bookAs(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string; entitlementId: string | null };
}

function cancel(bookingId: string, token = attendee.token) {
  return api("DELETE", `/bookings/${bookingId}`, { token });
}

/** A member with a pass of `classes` credits. */
async function memberWithPass(classes = 10) {
  const member = await createMember(tenant.accountId, "attendee");
  const pass = await grant(tenant.accountId, member.userId, { remainingClasses: classes });
  return { member, pass };
}

describe("DELETE /bookings/{bookingId}", () => {
  it("before the cancellation window: cancelled, credit returned, place freed, attendee emailed", async () => {
    await setPolicy(tenant.accountId, { cancellationWindowHours: 12 });
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 12 * HOUR + 5 * 60_000) });
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 1 });
    const booking = await bookAs(attendee, lesson.id);
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 0, status: "exhausted" });

    await waitForEmails(attendee.email, 1); // the confirmation, sent after the response

    const response = await cancel(booking.id);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: booking.id,
      status: "cancelled",
      entitlementId: pass.id,
      cancelledAt: expect.stringMatching(/Z$/),
    });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 1, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 0, waitlistCount: 0, confirmed: 0, waitlisted: 0 });
    const emails = await waitForEmails(attendee.email, 2);
    expect(emails.map((email) => email.subject.split(":")[0])).toEqual(["Booking bekræftet", "Booking afmeldt"]);
    expect(emails[1]!.text).toContain("du har fået holdet tilbage"); // a da-DK studio: Danish
  });

  it("inside the cancellation window: late_cancelled, credit kept, place freed", async () => {
    await setPolicy(tenant.accountId, { cancellationWindowHours: 12 });
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 12 * HOUR - 5 * 60_000) });
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 3 });
    const booking = await bookAs(attendee, lesson.id);
    // The confirmation goes out after the response and is skipped for a booking already cancelled:
    // cancel only once it has arrived, as the attendee would.
    await waitForEmails(attendee.email, 1);

    const response = await cancel(booking.id);

    expect(response.body).toMatchObject({ status: "late_cancelled" });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 2, status: "active" });
    expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 0, confirmed: 0 });
    const emails = await waitForEmails(attendee.email, 2);
    expect(emails[1]!.text).toContain("tæller som brugt");
  });

  it("a waitlisted booking becomes cancelled; no credit moves and nobody is promoted", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const { member: first } = await memberWithPass();
    await bookAs(first, lesson.id);
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 4 });
    const waiting = await bookAs(attendee, lesson.id, { waitlist: true });

    const response = await cancel(waiting.id);

    expect(response.body).toMatchObject({ status: "cancelled", entitlementId: null });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 4, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 0, confirmed: 1, waitlisted: 0 });
  });

  it("a repeated cancellation answers 409 and frees no second place", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 2 });
    await grant(tenant.accountId, attendee.userId);
    const { member: other } = await memberWithPass();
    await bookAs(other, lesson.id);
    const booking = await bookAs(attendee, lesson.id);
    expect((await cancel(booking.id)).status).toBe(200);

    const again = await cancel(booking.id);

    expect(again).toMatchObject({ status: 409, body: { error: "Booking is already cancelled" } });
    expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 1, confirmed: 1 });
  });

  it("an attendee cannot cancel (or find) another attendee's booking; an administrator can", async () => {
    const lesson = await createClass(tenant.accountId);
    const { member: other } = await memberWithPass();
    const theirs = await bookAs(other, lesson.id);

    expect(await cancel(theirs.id, attendee.token)).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect((await db.booking.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("confirmed");
    expect(await cancel(theirs.id, tenant.admin.token)).toMatchObject({ status: 200, body: { status: "cancelled" } });
  });

  it("answers 404 for an unknown booking and for another tenant's booking (their admin included)", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const other = await createTenant();
    expect(await cancel(booking.id, other.admin.token)).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await cancel("no-such-booking", tenant.admin.token)).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
  });

  it("after the class has started its attendee cannot cancel (409) and it stays as it was; an administrator still can", async () => {
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + DAY) });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    await db.instance.update({
      where: { id: lesson.id },
      data: { startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) },
    });

    expect(await cancel(booking.id)).toMatchObject({ status: 409, body: { error: "Class has already started" } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(await cancel(booking.id, tenant.admin.token)).toMatchObject({ status: 200, body: { status: "late_cancelled" } });
  });

  it("answers 401 without credentials", async () => {
    expect(await api("DELETE", "/bookings/whatever")).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("DELETE", "/bookings/whatever", { token: "bad" })).toMatchObject({ status: 401 });
  });
});

describe("waitlist promotion", () => {
  it("gives the freed place to the first in the queue: confirmed, credit taken, emailed with the calendar file", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Evening Yin" });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const { member: second, pass: secondPass } = await memberWithPass(2);
    const { member: third, pass: thirdPass } = await memberWithPass(2);
    const secondWaiting = await bookAs(second, lesson.id, { waitlist: true });
    const thirdWaiting = await bookAs(third, lesson.id, { waitlist: true });

    expect((await cancel(booking.id)).status).toBe(200);

    const promoted = await db.booking.findUniqueOrThrow({ where: { id: secondWaiting.id } });
    expect(promoted).toMatchObject({ status: "confirmed", entitlementId: secondPass.id });
    expect(await remainingOf(secondPass.id)).toEqual({ remainingClasses: 1, status: "active" });
    expect((await db.booking.findUniqueOrThrow({ where: { id: thirdWaiting.id } })).status).toBe("waitlisted");
    expect(await remainingOf(thirdPass.id)).toEqual({ remainingClasses: 2, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });

    const [email] = await waitForEmails(second.email);
    expect(email!.subject).toMatch(/^Du har fået en plads: Evening Yin, /);
    expect((email as unknown as { attachments: { content: string }[] }).attachments[0]!.content).toContain(
      "BEGIN:VEVENT",
    );
    expect(readOutbox().filter((message) => message.to === third.email)).toEqual([]);

    const roster = await api("GET", `/instances/${lesson.id}/roster`, { token: tenant.admin.token });
    expect(roster.body.map((entry: { booking: { id: string } }) => entry.booking.id)).toEqual([secondWaiting.id]);
    const waitlist = await api("GET", `/instances/${lesson.id}/waitlist`, { token: tenant.admin.token });
    expect(waitlist.body.map((entry: { booking: { id: string } }) => entry.booking.id)).toEqual([thirdWaiting.id]);
  });

  it("passes over a waitlisted attendee without a usable entitlement (who stays waitlisted)", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const { member: broke, pass: brokePass } = await memberWithPass(1);
    const { member: ready } = await memberWithPass(1);
    const brokeWaiting = await bookAs(broke, lesson.id, { waitlist: true });
    const readyWaiting = await bookAs(ready, lesson.id, { waitlist: true });
    await db.entitlement.update({ where: { id: brokePass.id }, data: { status: "revoked" } });

    await cancel(booking.id);

    expect((await db.booking.findUniqueOrThrow({ where: { id: brokeWaiting.id } })).status).toBe("waitlisted");
    expect((await db.booking.findUniqueOrThrow({ where: { id: readyWaiting.id } })).status).toBe("confirmed");
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });
  });

  it("uses the entitlement named when joining the waitlist, when it is still usable", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const waiter = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, waiter.userId, { validUntil: new Date(Date.now() + 5 * DAY) });
    const named = await grant(tenant.accountId, waiter.userId, { validUntil: null, remainingClasses: 3 });
    const waiting = await bookAs(waiter, lesson.id, { waitlist: true, entitlementId: named.id });

    await cancel(booking.id);

    expect(await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      status: "confirmed",
      entitlementId: named.id,
    });
    expect(await remainingOf(named.id)).toEqual({ remainingClasses: 2, status: "active" });
  });

  it("a late cancellation frees the place for the waitlist too", async () => {
    await setPolicy(tenant.accountId, { cancellationWindowHours: 48 });
    const lesson = await createClass(tenant.accountId, { capacity: 1, startsAt: new Date(Date.now() + DAY) });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const { member: waiter } = await memberWithPass();
    const waiting = await bookAs(waiter, lesson.id, { waitlist: true });

    expect((await cancel(booking.id)).body.status).toBe("late_cancelled");
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("confirmed");
  });

  it("an administrator's cancellation promotes as well", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const { member: waiter } = await memberWithPass();
    const waiting = await bookAs(waiter, lesson.id, { waitlist: true });
    expect((await cancel(booking.id, tenant.admin.token)).status).toBe(200);
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("confirmed");
  });
});

/** A class starting in ten minutes: attendance can be marked (from 30 minutes before the start). */
const soon = () => ({ startsAt: new Date(Date.now() + 10 * 60_000) });

describe("PATCH /bookings/{bookingId}", () => {
  it("records attended and no_show and clears it; the booking stays confirmed and on the roster", async () => {
    const lesson = await createClass(tenant.accountId, soon());
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const patch = (attendance: unknown) =>
      api("PATCH", `/bookings/${booking.id}`, { token: tenant.admin.token, body: { attendance } });

    expect(await patch("attended")).toMatchObject({
      status: 200,
      body: { id: booking.id, status: "confirmed", attendance: "attended" },
    });
    const roster = await api("GET", `/instances/${lesson.id}/roster`, { token: tenant.admin.token });
    expect(roster.body).toEqual([
      expect.objectContaining({ booking: expect.objectContaining({ id: booking.id, attendance: "attended" }) }),
    ]);
    expect(await patch("no_show")).toMatchObject({ status: 200, body: { attendance: "no_show" } });
    expect(await patch(null)).toMatchObject({ status: 200, body: { attendance: null } });
  });

  it("answers 409 for a booking that is not confirmed", async () => {
    const lesson = await createClass(tenant.accountId, soon());
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    await cancel(booking.id);
    const response = await api("PATCH", `/bookings/${booking.id}`, {
      token: tenant.admin.token,
      body: { attendance: "attended" },
    });
    expect(response).toMatchObject({ status: 409, body: { error: "Booking is not confirmed" } });
  });

  it("answers 400 for bad input, 403 to an attendee, 404 unknown or another tenant's, 401 without credentials", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const path = `/bookings/${booking.id}`;
    for (const body of [
      {},
      { attendance: "present" },
      { attendance: "attended", status: "cancelled" },
      { attendance: 1 },
    ]) {
      expect(await api("PATCH", path, { token: tenant.admin.token, body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    }
    expect(await api("PATCH", path, { token: tenant.admin.token, rawBody: "{" })).toMatchObject({ status: 400 });
    expect(await api("PATCH", path, { token: attendee.token, body: { attendance: "attended" } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
    const other = await createTenant();
    expect(await api("PATCH", path, { token: other.admin.token, body: { attendance: "attended" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(
      await api("PATCH", "/bookings/unknown", { token: tenant.admin.token, body: { attendance: "attended" } }),
    ).toMatchObject({ status: 404 });
    expect(await api("PATCH", path, { body: { attendance: "attended" } })).toMatchObject({ status: 401 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).attendance).toBeNull();
  });
});

describe("PATCH /bookings/{bookingId} before the class", () => {
  const MINUTE = 60_000;
  const mark = (bookingId: string, token = tenant.admin.token) =>
    api("PATCH", `/bookings/${bookingId}`, { token, body: { attendance: "attended" } });

  it("answers 409 Class has not started earlier than 30 minutes before the start; from then on it marks", async () => {
    const early = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 31 * MINUTE) });
    const near = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 29 * MINUTE) });
    const past = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 5 * MINUTE) });
    await grant(tenant.accountId, attendee.userId);
    const [tooEarly, inTime, held] = [await bookAs(attendee, early.id), await bookAs(attendee, near.id), await bookAs(attendee, past.id)];
    await db.instance.update({
      where: { id: past.id },
      data: { startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) },
    });

    expect(await mark(tooEarly.id)).toMatchObject({ status: 409, body: { error: "Class has not started" } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: tooEarly.id } })).attendance).toBeNull();
    expect(await mark(inTime.id)).toMatchObject({ status: 200, body: { attendance: "attended" } });
    expect(await mark(held.id)).toMatchObject({ status: 200, body: { attendance: "attended" } });
  });

  it("is decided after the booking's existence in this account (404) and permission (403)", async () => {
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + DAY) });
    await grant(tenant.accountId, attendee.userId);
    const booking = await bookAs(attendee, lesson.id);
    const teacher = await createMember(tenant.accountId, "teacher"); // not this class's teacher
    const other = await createTenant();

    expect(await mark(booking.id, other.admin.token)).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await mark(booking.id, attendee.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect(await mark(booking.id, teacher.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect(await mark(booking.id)).toMatchObject({ status: 409, body: { error: "Class has not started" } });
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    expect(await mark(booking.id, teacher.token)).toMatchObject({ status: 409, body: { error: "Class has not started" } });
    // a cancelled booking of a class not yet begun: the class's time is told first
    await cancel(booking.id);
    expect(await mark(booking.id)).toMatchObject({ status: 409, body: { error: "Class has not started" } });
  });

  it("opens exactly 30 minutes before the start, by the clock it is given", async () => {
    const startsAt = new Date("2031-03-10T17:00:00.000Z");
    const lesson = await createClass(tenant.accountId, { startsAt });
    const booking = await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: lesson.id, attendeeId: attendee.userId, status: "confirmed" },
    });
    const actor = { userId: tenant.admin.userId, persona: "administrator" as const };
    const at = (ms: number) => new Date(startsAt.getTime() - ms);
    const record = (now: Date) =>
      recordAttendance({ db: tenantDb(tenant.accountId), actor, bookingId: booking.id, attendance: "attended", now });

    await expect(record(at(30 * MINUTE + 1))).rejects.toMatchObject({ code: "class_not_started" });
    await expect(record(at(30 * MINUTE))).resolves.toMatchObject({ attendance: "attended" });
  });
});

describe("DELETE /bookings/{bookingId}?refundCredit=true", () => {
  /** A class inside the cancellation window (12 hours), `attendee` booked with a pass of 3. */
  async function lateBooking() {
    await setPolicy(tenant.accountId, { cancellationWindowHours: 12 });
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * HOUR) });
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 3 });
    const booking = await bookAs(attendee, lesson.id);
    await waitForEmails(attendee.email, 1); // the confirmation
    expect(await remainingOf(pass.id)).toMatchObject({ remainingClasses: 2 });
    return { lesson, pass, booking };
  }
  const refund = (bookingId: string, token: string, value = "true") =>
    api("DELETE", `/bookings/${bookingId}?refundCredit=${value}`, { token });

  it("an administrator cancels inside the window with the credit returned: cancelled, not late_cancelled", async () => {
    const { lesson, pass, booking } = await lateBooking();

    const response = await refund(booking.id, tenant.admin.token);

    expect(response).toMatchObject({ status: 200, body: { id: booking.id, status: "cancelled", entitlementId: pass.id } });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 3, status: "active" });
    expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 0, confirmed: 0 });
    const emails = await waitForEmails(attendee.email, 2);
    expect(emails[1]!.text).toContain("du har fået holdet tilbage");
  });

  it("the class's teacher may; a teacher of another class gets 403 and nothing changes", async () => {
    const { lesson, pass, booking } = await lateBooking();
    const teacher = await createMember(tenant.accountId, "teacher");
    const stranger = await createMember(tenant.accountId, "teacher");

    expect(await refund(booking.id, stranger.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect(await remainingOf(pass.id)).toMatchObject({ remainingClasses: 2 });

    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    expect(await refund(booking.id, teacher.token)).toMatchObject({ status: 200, body: { status: "cancelled" } });
    expect(await remainingOf(pass.id)).toMatchObject({ remainingClasses: 3 });
  });

  it("an attendee asking it for their own booking gets 403 and keeps the booking; without it the cancel is late", async () => {
    const { pass, booking } = await lateBooking();

    expect(await refund(booking.id, attendee.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(await refund(booking.id, attendee.token, "false")).toMatchObject({ status: 200, body: { status: "late_cancelled" } });
    expect(await remainingOf(pass.id)).toMatchObject({ remainingClasses: 2 });
  });

  it("answers 400 for another value, 404 for another tenant's administrator, and 409 once cancelled", async () => {
    const { booking } = await lateBooking();
    expect(await refund(booking.id, tenant.admin.token, "yes")).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    const other = await createTenant();
    expect(await refund(booking.id, other.admin.token)).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect((await refund(booking.id, tenant.admin.token)).status).toBe(200);
    expect(await refund(booking.id, tenant.admin.token)).toMatchObject({ status: 409, body: { error: "Booking is already cancelled" } });
  });
});
