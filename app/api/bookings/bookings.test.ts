import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { createClass, countersOf, DAY, grant, HOUR, remainingOf, setPolicy } from "./booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

function book(body: Record<string, unknown>, token = attendee.token, headers?: Record<string, string>) {
  return api("POST", "/bookings", { token, body, headers });
}

async function expectError(response: { status: number; body: unknown }, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error });
}

describe("POST /bookings: success", () => {
  it("confirms a place, takes one credit, counts it on the instance and answers the Booking", async () => {
    const lesson = await createClass(tenant.accountId);
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 5 });
    const before = Date.now();

    const response = await book({ instanceId: lesson.id });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      instanceId: lesson.id,
      attendeeId: attendee.userId,
      status: "confirmed",
      entitlementId: pass.id,
      createdAt: expect.stringMatching(/Z$/),
      cancelledAt: null,
      attendance: null,
      offerExpiresAt: null,
    });
    const createdAt = new Date(response.body.createdAt).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before - 2000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 2000);
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 4, status: "active" });
    const listed = await api(
      "GET",
      `/instances?from=${lesson.startsAt.toISOString()}&to=${new Date(lesson.startsAt.getTime() + 1).toISOString()}`,
      {
        token: attendee.token,
      },
    );
    expect(listed.body.find((i: { id: string }) => i.id === lesson.id)).toMatchObject({
      bookedCount: 1,
      waitlistCount: 0,
    });
  });

  it("emails the attendee a confirmation with the class in a calendar attachment", async () => {
    const lesson = await createClass(tenant.accountId, { title: "Morning Flow" });
    await grant(tenant.accountId, attendee.userId);
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
    const [email] = await waitForEmails(attendee.email);
    expect(email!.subject).toMatch(/^Booking bekræftet: Morning Flow, /);
    const attachments = (
      email as unknown as { attachments: { filename: string; contentType: string; content: string }[] }
    ).attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toBe("booking.ics");
    expect(attachments[0]!.contentType).toMatch(/^text\/calendar/);
    expect(attachments[0]!.content).toContain("SUMMARY:Morning Flow");
  });

  it("leaves an unlimited entitlement unlimited", async () => {
    const lesson = await createClass(tenant.accountId);
    const subscription = await grant(tenant.accountId, attendee.userId, { remainingClasses: null });
    const response = await book({ instanceId: lesson.id });
    expect(response.body).toMatchObject({ status: "confirmed", entitlementId: subscription.id });
    expect(await remainingOf(subscription.id)).toEqual({ remainingClasses: null, status: "active" });
  });

  it("uses the usable entitlement that expires first, passing over unusable ones", async () => {
    const lesson = await createClass(tenant.accountId);
    const start = lesson.startsAt.getTime();
    await grant(tenant.accountId, attendee.userId, { validUntil: null });
    await grant(tenant.accountId, attendee.userId, { validUntil: new Date(start + 30 * DAY) });
    const first = await grant(tenant.accountId, attendee.userId, { validUntil: new Date(start + 5 * DAY) });
    // Each of these would expire earlier but cannot be used for this class:
    await grant(tenant.accountId, attendee.userId, {
      validUntil: new Date(start + DAY),
      remainingClasses: 0,
      status: "exhausted",
    });
    await grant(tenant.accountId, attendee.userId, { validUntil: new Date(start + DAY), status: "revoked" });
    await grant(tenant.accountId, attendee.userId, {
      validUntil: new Date(start + DAY),
      eligibleEventIds: ["another-event"],
    });
    await grant(tenant.accountId, attendee.userId, { validUntil: new Date(start) }); // ends exactly at the start
    await grant(tenant.accountId, attendee.userId, {
      validFrom: new Date(start + 1),
      validUntil: new Date(start + 2 * DAY),
    });

    const response = await book({ instanceId: lesson.id });

    expect(response.status).toBe(201);
    expect(response.body.entitlementId).toBe(first.id);
  });

  it("uses a product restricted to the instance's event, and the entitlement the client names", async () => {
    const lesson = await createClass(tenant.accountId);
    const start = lesson.startsAt.getTime();
    await grant(tenant.accountId, attendee.userId, { validUntil: new Date(start + DAY) });
    const named = await grant(tenant.accountId, attendee.userId, {
      validUntil: null,
      eligibleEventIds: [lesson.eventId],
    });

    const response = await book({ instanceId: lesson.id, entitlementId: named.id });

    expect(response.body).toMatchObject({ status: "confirmed", entitlementId: named.id });
    expect(await remainingOf(named.id)).toEqual({ remainingClasses: 9, status: "active" });
  });

  it("marks a pass exhausted when its last credit is used; then 402", async () => {
    const lesson = await createClass(tenant.accountId);
    const other = await createClass(tenant.accountId);
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 1 });
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 0, status: "exhausted" });
    await expectError(await book({ instanceId: other.id }), 402, "No valid entitlement");
  });

  it("accepts an attendee's own id as attendeeId", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    expect(await book({ instanceId: lesson.id, attendeeId: attendee.userId })).toMatchObject({
      status: 201,
      body: { attendeeId: attendee.userId },
    });
  });

  it("lets an administrator book on behalf of a member, with the member's entitlement", async () => {
    const lesson = await createClass(tenant.accountId);
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 2 });
    const response = await book({ instanceId: lesson.id, attendeeId: attendee.userId }, tenant.admin.token);
    expect(response).toMatchObject({
      status: 201,
      body: { attendeeId: attendee.userId, entitlementId: pass.id, status: "confirmed" },
    });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 1, status: "active" });
    await waitForEmails(attendee.email);
  });

  it("books an instance restricted to groups for a member of one of them", async () => {
    const group = await db.group.create({ data: { accountId: tenant.accountId, name: "Seniors" } });
    const other = await db.group.create({ data: { accountId: tenant.accountId, name: "Juniors" } });
    await db.groupMember.create({ data: { accountId: tenant.accountId, groupId: group.id, userId: attendee.userId } });
    const lesson = await createClass(tenant.accountId, { audience: "groups", groupIds: [other.id, group.id] });
    await grant(tenant.accountId, attendee.userId);
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
  });

  it("books exactly at the edges of the policy window", async () => {
    await setPolicy(tenant.accountId, { opensDaysBefore: 3, closesMinutesBefore: 60 });
    await grant(tenant.accountId, attendee.userId);
    const justOpened = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY - 60_000) });
    const justBeforeClosing = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + HOUR + 60_000) });
    expect((await book({ instanceId: justOpened.id })).status).toBe(201);
    expect((await book({ instanceId: justBeforeClosing.id })).status).toBe(201);
  });
});

describe("POST /bookings: waitlist", () => {
  it("puts the attendee on the waitlist of a full instance when asked, without taking a credit", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const first = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, first.userId);
    expect((await book({ instanceId: lesson.id }, first.token)).status).toBe(201);
    const pass = await grant(tenant.accountId, attendee.userId, { remainingClasses: 3 });

    await expectError(await book({ instanceId: lesson.id }), 409, "Instance is full");
    await expectError(await book({ instanceId: lesson.id, waitlist: false }), 409, "Instance is full");
    const response = await book({ instanceId: lesson.id, waitlist: true });

    expect(response).toMatchObject({
      status: 201,
      body: { status: "waitlisted", entitlementId: null, attendeeId: attendee.userId },
    });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 3, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });
  });

  it("keeps the entitlement a waitlisting client named", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 0 });
    const named = await grant(tenant.accountId, attendee.userId, { validUntil: null });
    await grant(tenant.accountId, attendee.userId, { validUntil: new Date(Date.now() + 10 * DAY) });
    const response = await book({ instanceId: lesson.id, waitlist: true, entitlementId: named.id });
    expect(response.body).toMatchObject({ status: "waitlisted", entitlementId: named.id });
  });

  it("answers 409 Instance is full when the account's waitlist is disabled", async () => {
    await setPolicy(tenant.accountId, { waitlistEnabled: false });
    const lesson = await createClass(tenant.accountId, { capacity: 0 });
    await grant(tenant.accountId, attendee.userId);
    await expectError(await book({ instanceId: lesson.id, waitlist: true }), 409, "Instance is full");
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 0, waitlistCount: 0, confirmed: 0, waitlisted: 0 });
  });

  it("confirms instead of waitlisting when a place is free", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    expect((await book({ instanceId: lesson.id, waitlist: true })).body.status).toBe("confirmed");
  });
});

describe("POST /bookings: each documented error", () => {
  it("404 for an unknown instance and for another tenant's instance", async () => {
    await grant(tenant.accountId, attendee.userId);
    await expectError(await book({ instanceId: "no-such-instance" }), 404, "Resource not found");
    const other = await createTenant();
    const foreign = await createClass(other.accountId);
    await expectError(await book({ instanceId: foreign.id }), 404, "Resource not found");
    await expectError(
      await book({ instanceId: foreign.id, attendeeId: attendee.userId }, tenant.admin.token),
      404,
      "Resource not found",
    );
    expect(await db.booking.count({ where: { instanceId: foreign.id } })).toBe(0);
  });

  it("409 Instance is not bookable: cancelled, audience nobody, groups without the attendee", async () => {
    await grant(tenant.accountId, attendee.userId);
    const group = await db.group.create({ data: { accountId: tenant.accountId, name: "Closed circle" } });
    const cancelled = await createClass(tenant.accountId, { status: "cancelled" });
    const nobody = await createClass(tenant.accountId, { audience: "nobody" });
    const groups = await createClass(tenant.accountId, { audience: "groups", groupIds: [group.id] });
    for (const lesson of [cancelled, nobody, groups]) {
      await expectError(await book({ instanceId: lesson.id }), 409, "Instance is not bookable");
    }
    // An administrator booking on behalf of an attendee outside the groups gets the same answer.
    await expectError(
      await book({ instanceId: groups.id, attendeeId: attendee.userId }, tenant.admin.token),
      409,
      "Instance is not bookable",
    );
  });

  it("409 Booking is closed: before the window opens, after it closes, once started", async () => {
    await setPolicy(tenant.accountId, { opensDaysBefore: 3, closesMinutesBefore: 60 });
    await grant(tenant.accountId, attendee.userId);
    const tooEarly = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY + 60_000) });
    const tooLate = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + HOUR - 60_000) });
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - 60_000) });
    for (const lesson of [tooEarly, tooLate, started]) {
      await expectError(await book({ instanceId: lesson.id }), 409, "Booking is closed");
    }
    await setPolicy(tenant.accountId, { closesMinutesBefore: 0 });
    await expectError(await book({ instanceId: started.id }), 409, "Booking is closed");
  });

  it("409 Already booked for a confirmed or a waitlisted booking; a cancelled one may be booked again", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    const first = await book({ instanceId: lesson.id });
    await expectError(await book({ instanceId: lesson.id }), 409, "Already booked");
    await expectError(
      await book({ instanceId: lesson.id, attendeeId: attendee.userId }, tenant.admin.token),
      409,
      "Already booked",
    );

    const waiting = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, waiting.userId);
    expect((await book({ instanceId: lesson.id, waitlist: true }, waiting.token)).body.status).toBe("waitlisted");
    await expectError(await book({ instanceId: lesson.id, waitlist: true }, waiting.token), 409, "Already booked");

    expect((await api("DELETE", `/bookings/${first.body.id}`, { token: attendee.token })).status).toBe(200);
    // the freed place went to the waitlist; the instance is full again, so the attendee may wait
    expect(await book({ instanceId: lesson.id, waitlist: true })).toMatchObject({
      status: 201,
      body: { status: "waitlisted" },
    });
  });

  it("402 No valid entitlement: none at all, none for this event, none valid at the start, a named one that is not usable", async () => {
    const lesson = await createClass(tenant.accountId);
    await expectError(await book({ instanceId: lesson.id }), 402, "No valid entitlement");

    await grant(tenant.accountId, attendee.userId, { eligibleEventIds: ["another-event"] });
    await grant(tenant.accountId, attendee.userId, { validUntil: lesson.startsAt });
    await grant(tenant.accountId, attendee.userId, { validFrom: new Date(lesson.startsAt.getTime() + 1) });
    await grant(tenant.accountId, attendee.userId, { status: "expired" });
    await expectError(await book({ instanceId: lesson.id }), 402, "No valid entitlement");

    const usable = await grant(tenant.accountId, attendee.userId);
    const spent = await grant(tenant.accountId, attendee.userId, { remainingClasses: 0, status: "exhausted" });
    const someoneElse = await createMember(tenant.accountId, "attendee");
    const theirs = await grant(tenant.accountId, someoneElse.userId);
    await expectError(await book({ instanceId: lesson.id, entitlementId: spent.id }), 402, "No valid entitlement");
    await expectError(await book({ instanceId: lesson.id, entitlementId: theirs.id }), 402, "No valid entitlement");
    await expectError(await book({ instanceId: lesson.id, entitlementId: "unknown" }), 402, "No valid entitlement");
    expect(await remainingOf(theirs.id)).toEqual({ remainingClasses: 10, status: "active" });
    expect((await book({ instanceId: lesson.id, entitlementId: usable.id })).status).toBe(201);
  });

  it("409 Instance is full", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 0 });
    const pass = await grant(tenant.accountId, attendee.userId);
    await expectError(await book({ instanceId: lesson.id }), 409, "Instance is full");
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 10, status: "active" });
  });

  it("403 when an attendee books for someone else, before anything else is looked at", async () => {
    const other = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, other.userId);
    const lesson = await createClass(tenant.accountId);
    await expectError(await book({ instanceId: lesson.id, attendeeId: other.userId }), 403, "Insufficient permission");
    await expectError(
      await book({ instanceId: "no-such-instance", attendeeId: other.userId }),
      403,
      "Insufficient permission",
    );
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(0);
  });

  it("404 when an administrator books for someone who is not a member of the account", async () => {
    const lesson = await createClass(tenant.accountId);
    const other = await createTenant();
    const outsider = await createMember(other.accountId, "attendee");
    await grant(other.accountId, outsider.userId);
    await expectError(
      await book({ instanceId: lesson.id, attendeeId: outsider.userId }, tenant.admin.token),
      404,
      "Resource not found",
    );
    await expectError(
      await book({ instanceId: lesson.id, attendeeId: "no-such-user" }, tenant.admin.token),
      404,
      "Resource not found",
    );
  });
});

describe("POST /bookings: the order of the checks (where two conditions hold, the earlier one answers)", () => {
  it("404 before everything: an unknown instance for a user without entitlement", async () => {
    await expectError(await book({ instanceId: "missing" }), 404, "Resource not found");
  });

  it("not bookable before closed: a cancelled instance that has already started", async () => {
    await grant(tenant.accountId, attendee.userId);
    const lesson = await createClass(tenant.accountId, { status: "cancelled", startsAt: new Date(Date.now() - HOUR) });
    await expectError(await book({ instanceId: lesson.id }), 409, "Instance is not bookable");
  });

  it("closed before already booked: a booked instance whose window has closed", async () => {
    await grant(tenant.accountId, attendee.userId);
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
    await setPolicy(tenant.accountId, { closesMinutesBefore: 3 * 24 * 60 });
    await expectError(await book({ instanceId: lesson.id }), 409, "Booking is closed");
  });

  it("already booked before no entitlement: the booking used the last credit", async () => {
    await grant(tenant.accountId, attendee.userId, { remainingClasses: 1 });
    const lesson = await createClass(tenant.accountId);
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
    await expectError(await book({ instanceId: lesson.id }), 409, "Already booked");
  });

  it("no entitlement before full: a full instance and no credit", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 0 });
    await expectError(await book({ instanceId: lesson.id }), 402, "No valid entitlement");
    await expectError(await book({ instanceId: lesson.id, waitlist: true }), 402, "No valid entitlement");
  });

  it("not bookable before no entitlement, closed before no entitlement", async () => {
    const nobody = await createClass(tenant.accountId, { audience: "nobody", capacity: 0 });
    await expectError(await book({ instanceId: nobody.id }), 409, "Instance is not bookable");
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - HOUR), capacity: 0 });
    await expectError(await book({ instanceId: started.id }), 409, "Booking is closed");
  });
});

describe("POST /bookings: input, authentication, Idempotency-Key", () => {
  it("answers 400 for malformed JSON, wrong types, unknown fields and a missing instanceId; 413 past 100 kB", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const malformed = await api("POST", "/bookings", { token: attendee.token, rawBody: "{not json" });
    expect(malformed).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    for (const body of [
      {},
      { instanceId: 42 },
      { instanceId: "" },
      { instanceId: lesson.id, waitlist: "yes" },
      { instanceId: lesson.id, entitlementId: 7 },
      { instanceId: lesson.id, status: "confirmed" },
      { instanceId: lesson.id, accountId: tenant.accountId },
    ]) {
      expect(await book(body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    }
    const oversize = await api("POST", "/bookings", {
      token: attendee.token,
      rawBody: JSON.stringify({ instanceId: lesson.id, padding: "x".repeat(101 * 1024) }),
    });
    expect(oversize).toMatchObject({ status: 413, body: { error: "Payload too large" } });
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(0);
  });

  it("answers 401 without credentials or with a bad token, and 405 for other methods", async () => {
    const lesson = await createClass(tenant.accountId);
    await expectError(
      await api("POST", "/bookings", { body: { instanceId: lesson.id } }),
      401,
      "Authentication required",
    );
    await expectError(
      await api("POST", "/bookings", { token: "nope", body: { instanceId: lesson.id } }),
      401,
      "Authentication required",
    );
    await expectError(await api("GET", "/bookings", { token: attendee.token }), 405, "Method not allowed");
  });

  it("answers 401 for an expired session, a disabled user or a removed membership, and writes nothing", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const expectRefused = async () =>
      expectError(await book({ instanceId: lesson.id }), 401, "Authentication required");

    await db.session.updateMany({ where: { userId: attendee.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectRefused();
    await db.session.updateMany({ where: { userId: attendee.userId }, data: { expiresAt: new Date(Date.now() + DAY) } });
    await db.user.update({ where: { id: attendee.userId }, data: { status: "disabled" } });
    await expectRefused();
    await db.user.update({ where: { id: attendee.userId }, data: { status: "active" } });
    await db.membership.delete({ where: { accountId_userId: { accountId: tenant.accountId, userId: attendee.userId } } });
    await expectRefused();
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(0);
  });

  it("answers 401 before 400 and 403: a bad session with bad input, a cross-origin cookie write", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    await expectError(await book({ instanceId: 42 }, "nope"), 401, "Authentication required");
    const crossSite = { origin: "https://elsewhere.example" };
    await expectError(
      await api("POST", "/bookings", { cookie: "session=nope", headers: crossSite, body: { instanceId: lesson.id } }),
      401,
      "Authentication required",
    );
    // the same write with a good session: 403, and a same-origin one books
    const cookie = `session=${attendee.token}`;
    await expectError(
      await api("POST", "/bookings", { cookie, headers: crossSite, body: { instanceId: lesson.id } }),
      403,
      "Insufficient permission",
    );
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(0);
    expect((await api("POST", "/bookings", { cookie, body: { instanceId: lesson.id } })).status).toBe(201);
  });

  it("replays the first answer for a repeated Idempotency-Key and books once; another body with that key is 422", async () => {
    const lesson = await createClass(tenant.accountId);
    const pass = await grant(tenant.accountId, attendee.userId);
    const headers = { "Idempotency-Key": "book-once" };
    const first = await book({ instanceId: lesson.id }, attendee.token, headers);
    const again = await book({ instanceId: lesson.id }, attendee.token, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(1);
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 9, status: "active" });

    const other = await createClass(tenant.accountId);
    await expectError(
      await book({ instanceId: other.id }, attendee.token, headers),
      422,
      "Idempotency key reused with a different request",
    );
    // an error answer is kept too
    const full = await createClass(tenant.accountId, { capacity: 0 });
    const fullHeaders = { "Idempotency-Key": "full-once" };
    await expectError(await book({ instanceId: full.id }, attendee.token, fullHeaders), 409, "Instance is full");
    await expectError(await book({ instanceId: full.id }, attendee.token, fullHeaders), 409, "Instance is full");
  });
});
