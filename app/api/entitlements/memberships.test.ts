import { beforeAll, describe, expect, it } from "vitest";
import { createClass, grant, setPolicy } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { sendWaitingBookingEmails } from "@/tests/helpers/app-drains";
import { api } from "@/tests/helpers/api";
import { readOutbox } from "@/tests/helpers/outbox";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Issue 17 §4: cancelling and pausing memberships. Pauses use fixed dates in 2030 (the studio's
// booking window is opened wide enough to book them), so nothing depends on today.

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ timezone: "Europe/Copenhagen" });
  other = await createTenant();
  await setPolicy(tenant.accountId, { opensDaysBefore: 5000 });
});

const at = (iso: string) => new Date(iso);

/** A membership (unlimited, subscription product) valid for the first quarter of 2030. */
async function membership(member: TestMember) {
  return grant(tenant.accountId, member.userId, {
    remainingClasses: null,
    validFrom: at("2030-01-01T00:00:00Z"),
    validUntil: at("2030-04-01T00:00:00Z"),
  });
}

const pause = (id: string, body: unknown, token = tenant.admin.token) =>
  api("POST", `/entitlements/${id}/pause`, { token, body });
const resume = (id: string, body?: unknown, token = tenant.admin.token) =>
  api("POST", `/entitlements/${id}/resume`, { token, ...(body ? { body } : {}) });
const book = (member: TestMember, instanceId: string) =>
  api("POST", "/bookings", { token: member.token, body: { instanceId } });

async function subscribeByCheckout(member: TestMember) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "Monthly",
      status: "active",
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const checkout = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  return checkout.body.entitlement as { id: string; validUntil: string };
}

describe("POST /me/entitlements/{id}/cancel and POST /entitlements/{id}/cancel", () => {
  it("sets cancelAt to the end of the paid period; still bookable before it; the renewal job leaves it", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const subscription = await subscribeByCheckout(member);

    const cancelled = await api("POST", `/me/entitlements/${subscription.id}/cancel`, { token: member.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: subscription.id,
      status: "active",
      validUntil: subscription.validUntil,
      cancelAt: subscription.validUntil,
      pausedFrom: null,
      pausedUntil: null,
    });
    // Again: the same answer.
    expect((await api("POST", `/me/entitlements/${subscription.id}/cancel`, { token: member.token })).body).toEqual(
      cancelled.body,
    );

    const soon = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * 86_400_000) });
    expect((await book(member, soon.id)).status).toBe(201);

    // The paid period ends: the renewal job does not renew it.
    const ended = new Date(Date.now() - 60_000);
    await db.entitlement.update({ where: { id: subscription.id }, data: { validUntil: ended, cancelAt: ended } });
    const ordersBefore = await db.order.count({ where: { userId: member.userId } });
    const run = await api("POST", "/admin/jobs/renew-subscriptions", { token: tenant.admin.token });
    expect(run).toMatchObject({ status: 200, body: { renewed: 0 } });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: subscription.id } })).validUntil).toEqual(ended);
    expect(await db.order.count({ where: { userId: member.userId } })).toBe(ordersBefore);
  });

  it("lets an administrator cancel a member's subscription", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    const response = await api("POST", `/entitlements/${entitlement.id}/cancel`, { token: tenant.admin.token });
    expect(response).toMatchObject({
      status: 200,
      body: { id: entitlement.id, cancelAt: "2030-04-01T00:00:00.000Z", validUntil: "2030-04-01T00:00:00.000Z" },
    });
  });

  it("answers 409 for a class pass, and 404 for another person's or another account's", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const someone = await createMember(tenant.accountId, "attendee");
    const pass = await grant(tenant.accountId, member.userId, { remainingClasses: 10 });
    expect(await api("POST", `/me/entitlements/${pass.id}/cancel`, { token: member.token })).toMatchObject({
      status: 409,
      body: { error: "Entitlement is not a subscription" },
    });
    expect((await api("POST", `/entitlements/${pass.id}/cancel`, { token: tenant.admin.token })).status).toBe(409);

    const theirs = await membership(someone);
    expect(await api("POST", `/me/entitlements/${theirs.id}/cancel`, { token: member.token })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect((await api("POST", `/entitlements/${theirs.id}/cancel`, { token: member.token })).status).toBe(403);
    expect((await api("POST", `/entitlements/${theirs.id}/cancel`, { token: other.admin.token })).status).toBe(404);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: theirs.id } })).cancelAt).toBeNull();
  });

  it("answers 409 for a refunded or revoked membership; one whose renewal is still to come may be cancelled", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const revoked = await grant(tenant.accountId, member.userId, {
      remainingClasses: null,
      validUntil: at("2030-04-01T00:00:00Z"),
      status: "revoked",
    });
    expect(await api("POST", `/me/entitlements/${revoked.id}/cancel`, { token: member.token })).toMatchObject({
      status: 409,
      body: { error: "Membership has ended" },
    });
    expect((await api("POST", `/entitlements/${revoked.id}/cancel`, { token: tenant.admin.token })).status).toBe(409);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: revoked.id } })).cancelAt).toBeNull();

    // its paid period over yesterday, not renewed yet (the renewal job would still renew it): cancelling stops that
    const lapsed = await grant(tenant.accountId, member.userId, {
      remainingClasses: null,
      validFrom: new Date(Date.now() - 40 * 86_400_000),
      validUntil: new Date(Date.now() - 86_400_000),
    });
    const cancelled = await api("POST", `/me/entitlements/${lapsed.id}/cancel`, { token: member.token });
    expect(cancelled).toMatchObject({ status: 200, body: { cancelAt: lapsed.validUntil!.toISOString() } });
  });
});

describe("POST /entitlements/{id}/pause and /resume", () => {
  it("moves validity later, refuses classes inside the pause (402) and says why; books outside it", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    const paused = await pause(entitlement.id, { from: "2030-02-01", until: "2030-02-15" });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({
      pausedFrom: "2030-02-01",
      pausedUntil: "2030-02-15",
      validUntil: "2030-04-15T00:00:00.000Z", // 14 days later
      cancelAt: null,
    });

    // 1 Feb 00:30 in Copenhagen (31 Jan 23:30 UTC) is inside; 14 Feb 23:30 too; 15 Feb is not.
    const first = await createClass(tenant.accountId, { startsAt: at("2030-01-31T23:30:00Z") });
    const last = await createClass(tenant.accountId, { startsAt: at("2030-02-14T22:30:00Z") });
    const after = await createClass(tenant.accountId, { startsAt: at("2030-02-15T09:00:00Z") });
    const before = await createClass(tenant.accountId, { startsAt: at("2030-01-31T21:00:00Z") });
    const moved = await createClass(tenant.accountId, { startsAt: at("2030-04-10T09:00:00Z") });

    for (const inside of [first, last])
      expect(await book(member, inside.id)).toMatchObject({ status: 402, body: { error: "No valid entitlement" } });
    for (const outside of [before, after, moved]) expect((await book(member, outside.id)).status).toBe(201);

    const options = await api("GET", `/instances/${first.id}/booking-options`, { token: member.token });
    expect(options.body).toMatchObject({ canBook: false, reason: "no_entitlement" });
    expect(options.body.message).toMatch(/^Dit medlemskab er sat på pause indtil 15\. feb\.? 2030\.$/);
    await db.user.update({ where: { id: member.userId }, data: { locale: "en" } });
    const english = await api("GET", `/instances/${last.id}/booking-options`, { token: member.token });
    expect(english.body.message).toMatch(/^Your membership is paused until .*2030\.$/);
    // Outside the pause, nothing about it.
    const free = await createClass(tenant.accountId, { startsAt: at("2030-03-01T09:00:00Z") });
    expect((await api("GET", `/instances/${free.id}/booking-options`, { token: member.token })).body).toMatchObject({
      canBook: true,
      reason: null,
    });
  });

  it("cancels the holder's bookings of classes on the paused days: credit back, the studio's cancellation emailed", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await grant(tenant.accountId, member.userId, {
      remainingClasses: 8,
      validFrom: at("2030-01-01T00:00:00Z"),
      validUntil: at("2030-04-01T00:00:00Z"),
    });
    await db.product.update({ where: { id: entitlement.productId }, data: { type: "subscription" } });
    // 1 Feb 00:30 in Copenhagen and 14 Feb 23:30 are inside the pause; 31 Jan 22:00 and 15 Feb 10:00 are not.
    const inside = [
      await createClass(tenant.accountId, { startsAt: at("2030-01-31T23:30:00Z"), title: "Hatha" }),
      await createClass(tenant.accountId, { startsAt: at("2030-02-07T09:00:00Z"), title: "Hatha" }),
      await createClass(tenant.accountId, { startsAt: at("2030-02-14T22:30:00Z"), title: "Hatha" }),
    ];
    const outside = [
      await createClass(tenant.accountId, { startsAt: at("2030-01-31T21:00:00Z") }),
      await createClass(tenant.accountId, { startsAt: at("2030-02-15T09:00:00Z") }),
    ];
    const bookings = new Map<string, string>();
    for (const lesson of [...inside, ...outside]) {
      const booked = await book(member, lesson.id);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      bookings.set(lesson.id, booked.body.id as string);
    }
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).remainingClasses).toBe(3);

    await holdJobs(); // the emails stay in the outbox table: this test sends them itself
    expect((await pause(entitlement.id, { from: "2030-02-01", until: "2030-02-15" })).status).toBe(200);

    const statusOf = async (lesson: { id: string }) =>
      (await db.booking.findUniqueOrThrow({ where: { id: bookings.get(lesson.id)! } })).status;
    for (const lesson of inside) expect(await statusOf(lesson)).toBe("cancelled_by_studio");
    for (const lesson of outside) expect(await statusOf(lesson)).toBe("confirmed");
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).remainingClasses).toBe(6);
    for (const lesson of inside) expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).bookedCount).toBe(0);
    const cancelled = inside.map((lesson) => bookings.get(lesson.id)!);
    const queued = await db.bookingEmail.findMany({ where: { bookingId: { in: cancelled }, kind: "membership_paused" } });
    expect(queued.map((email) => email.bookingId).sort()).toEqual(cancelled.sort());
    await sendWaitingBookingEmails();
    const sent = readOutbox().filter((email) => email.to === member.email && /^Booking afmeldt: Hatha, /.test(email.subject));
    expect(sent.every((email) => /medlemskab er sat på pause/.test(email.text))).toBe(true);
    expect(sent).toHaveLength(inside.length);
  });

  it("moves a cancelled subscription's cancelAt along, and resumes early: the unused days come off again", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    await api("POST", `/entitlements/${entitlement.id}/cancel`, { token: tenant.admin.token });
    await pause(entitlement.id, { from: "2030-02-01", until: "2030-03-01" });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).cancelAt).toEqual(
      at("2030-04-29T00:00:00Z"),
    );

    const resumed = await resume(entitlement.id, { on: "2030-02-10" });
    expect(resumed).toMatchObject({
      status: 200,
      body: {
        pausedFrom: "2030-02-01",
        pausedUntil: "2030-02-10",
        validUntil: "2030-04-10T00:00:00.000Z", // 9 days used
        cancelAt: "2030-04-10T00:00:00.000Z",
      },
    });
    const classOnResumeDay = await createClass(tenant.accountId, { startsAt: at("2030-02-10T09:00:00Z") });
    expect((await book(member, classOnResumeDay.id)).status).toBe(201);

    // Nothing runs past 10 February any more.
    expect(await resume(entitlement.id, { on: "2030-02-12" })).toMatchObject({
      status: 409,
      body: { error: "Entitlement is not paused" },
    });
  });

  it("removes a pause not started yet whole when resumed before it", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    await pause(entitlement.id, { from: "2030-03-01", until: "2030-03-08" });
    expect((await resume(entitlement.id, { on: "2030-02-20" })).body).toMatchObject({
      pausedFrom: null,
      pausedUntil: null,
      validUntil: "2030-04-01T00:00:00.000Z",
    });
  });

  it("answers 400 for an overlapping pause, a second one before the first has ended, and a bad range", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    expect((await pause(entitlement.id, { from: "2030-02-01", until: "2030-02-15" })).status).toBe(200);

    const overlapping = await pause(entitlement.id, { from: "2030-02-10", until: "2030-02-20" });
    expect(overlapping).toMatchObject({
      status: 400,
      body: {
        error: "Validation failed",
        details: [
          {
            path: "from",
            message: "Overlaps the pause from 2030-02-01 until 2030-02-15",
            code: "pause_overlaps",
            params: { from: "2030-02-01", until: "2030-02-15" },
          },
        ],
      },
    });
    const later = await pause(entitlement.id, { from: "2030-03-01", until: "2030-03-05" });
    expect(later).toMatchObject({ status: 400, body: { details: [{ path: "from" }] } });
    expect(later.body.details[0].message).toMatch(/^One pause at a time/);

    const backwards = await pause(entitlement.id, { from: "2030-03-05", until: "2030-03-01" });
    expect(backwards).toMatchObject({
      status: 400,
      body: { details: [{ path: "until", message: "Must be after from", code: "pause_end_not_after_start" }] },
    });
    expect((await pause(entitlement.id, { from: "2030-13-01", until: "2030-03-01" })).status).toBe(400);
    expect((await pause(entitlement.id, { from: "2030-05-01", until: "2030-05-10" })).status).toBe(400); // after it ends

    const stored = await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } });
    expect(stored.validUntil).toEqual(at("2030-04-15T00:00:00Z"));
  });

  it("replaces a pause that has ended (its days stay added)", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await grant(tenant.accountId, member.userId, {
      remainingClasses: null,
      validFrom: at("2020-01-01T00:00:00Z"),
      validUntil: at("2040-01-01T00:00:00Z"),
    });
    await pause(entitlement.id, { from: "2020-02-01", until: "2020-02-11" });
    const next = await pause(entitlement.id, { from: "2030-02-01", until: "2030-02-11" });
    expect(next).toMatchObject({
      status: 200,
      body: { pausedFrom: "2030-02-01", pausedUntil: "2030-02-11", validUntil: "2040-01-21T00:00:00.000Z" },
    });
  });

  it("is for administrators of the account: 401, 403 for an attendee, 404 for another account's", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await membership(member);
    const body = { from: "2030-02-01", until: "2030-02-15" };
    expect((await api("POST", `/entitlements/${entitlement.id}/pause`, { body })).status).toBe(401);
    expect(await pause(entitlement.id, body, member.token)).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
    expect((await resume(entitlement.id, undefined, member.token)).status).toBe(403);
    expect(await pause(entitlement.id, body, other.admin.token)).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect((await resume(entitlement.id, undefined, other.admin.token)).status).toBe(404);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).pausedFrom).toBeNull();
  });
});
