// Strikes for no-shows and late cancellations (issue 33 §4): counted from the marks and late
// cancellations made through the handlers, within the window; a block of strikeBlockDays from the
// strike that reached the limit, its place among POST /bookings's errors, booking-options, the email
// (once) and the administrator's lift. Times derive from the clock at the start of each test (strikes
// made through the handlers are stamped with it) or from an injected one; never a time of day.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getBookingOptions } from "@/lib/bookings/get-booking-options";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { holdJobs } from "@/lib/jobs/wake";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { getMemberStrikes } from "@/lib/strikes/get-member-strikes";
import { strikeBlockUntil } from "@/lib/strikes/strike-block";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { createClass, DAY, grant, HOUR } from "./booking-test-data";

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; this file drains the notices itself
  await holdJobs();
});

let tenant: TestTenant;
let member: TestMember;
let now: Date;

beforeEach(async () => {
  await db.noticeEmail.deleteMany({}); // the file's own: counts below are this test's
  now = new Date();
  tenant = await createTenant({ name: "Studio Sol" });
  member = await createMember(tenant.accountId, "attendee", { displayName: "Mette" });
  await grant(tenant.accountId, member.userId, { remainingClasses: 20 });
  const policy = { strikeLimit: 3, strikeWindowDays: 30, strikeBlockDays: 7, strikeLateCancels: true };
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { bookingPolicy: policy } })).status).toBe(
    200,
  );
});

const ago = (ms: number) => new Date(now.getTime() - ms);
const book = (instanceId: string, token = member.token) => api("POST", "/bookings", { token, body: { instanceId } });
const markAs = (bookingId: string, attendance: "no_show" | "attended" | null) =>
  api("PATCH", `/bookings/${bookingId}`, { token: tenant.admin.token, body: { attendance } });
const strikeNotices = () =>
  db.noticeEmail.count({ where: { accountId: tenant.accountId, userId: member.userId, kind: "strike_block" } });

/** A confirmed place of the member's in a class that started `startedAgo` ago (as the desk left it). */
async function pastPlace(startedAgo = DAY): Promise<string> {
  const lesson = await createClass(tenant.accountId, { startsAt: ago(startedAgo), title: "Morning Flow" });
  const booking = await db.booking.create({
    data: { accountId: tenant.accountId, instanceId: lesson.id, attendeeId: member.userId, status: "confirmed" },
  });
  return booking.id;
}

/** A no-show marked through the handler now. */
async function noShow(): Promise<string> {
  const bookingId = await pastPlace();
  const marked = await markAs(bookingId, "no_show");
  expect(marked.status).toBe(200);
  return bookingId;
}

/** A no-show whose mark was set `markedAgo` ago (the past the handlers cannot write). */
async function noShowMarked(markedAgo: number): Promise<void> {
  const bookingId = await pastPlace(markedAgo + HOUR);
  await db.booking.update({
    where: { id: bookingId },
    data: { attendance: "no_show", noShowMarkedAt: ago(markedAgo) },
  });
}

/** A place booked and cancelled inside the cancellation window (12 hours): `late_cancelled`. */
async function lateCancel(): Promise<void> {
  const lesson = await createClass(tenant.accountId, { startsAt: new Date(now.getTime() + 2 * HOUR) });
  const booked = await book(lesson.id);
  expect(booked.status).toBe(201);
  const cancelled = await api("DELETE", `/bookings/${booked.body.id}`, { token: member.token });
  expect(cancelled.body.status).toBe("late_cancelled");
}

describe("the strike policy on the account", () => {
  it("is off by default, read and written as bookingPolicy, its bounds refused with 400", async () => {
    const fresh = await createTenant();
    const read = await api("GET", "/account", { token: fresh.admin.token });
    expect(read.body.bookingPolicy).toMatchObject({
      strikeLimit: 0,
      strikeWindowDays: 30,
      strikeBlockDays: 7,
      strikeLateCancels: true,
    });
    const written = await api("PATCH", "/account", {
      token: fresh.admin.token,
      body: { bookingPolicy: { strikeLimit: 2, strikeLateCancels: false } },
    });
    expect(written.body.bookingPolicy).toMatchObject({
      strikeLimit: 2,
      strikeWindowDays: 30,
      strikeLateCancels: false,
    });
    for (const bookingPolicy of [
      { strikeLimit: 21 },
      { strikeLimit: -1 },
      { strikeWindowDays: 0 },
      { strikeBlockDays: 366 },
    ]) {
      const refused = await api("PATCH", "/account", { token: fresh.admin.token, body: { bookingPolicy } });
      expect(refused.status).toBe(400);
    }
  });

  it("blocks nobody while strikeLimit is 0", async () => {
    await api("PATCH", "/account", { token: tenant.admin.token, body: { bookingPolicy: { strikeLimit: 0 } } });
    for (let index = 0; index < 4; index += 1) await noShow();
    expect((await book((await createClass(tenant.accountId)).id)).status).toBe(201);
  });
});

describe("POST /bookings with strikes", () => {
  it("answers 409 Booking is blocked once three no-shows are marked, and booking-options says until when", async () => {
    await noShow();
    await noShow();
    const lesson = await createClass(tenant.accountId);
    const options = await api("GET", `/instances/${lesson.id}/booking-options`, { token: member.token });
    expect(options.body).toMatchObject({ canBook: true, reason: null, blockedUntil: null });

    const before = Date.now();
    await noShow();
    const after = Date.now();
    const refused = await book(lesson.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Booking is blocked" });

    const blocked = await api("GET", `/instances/${lesson.id}/booking-options`, { token: member.token });
    expect(blocked.body).toMatchObject({ canBook: false, action: "none", reason: "blocked" });
    const until = new Date(blocked.body.blockedUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(until).toBeLessThanOrEqual(after + 7 * DAY + 1000);
    expect(blocked.body.message).toMatch(/^Du kan ikke booke før /);
  });

  it("counts late cancellations, unless the studio turns strikeLateCancels off", async () => {
    await lateCancel();
    await lateCancel();
    await noShow();
    const lesson = await createClass(tenant.accountId);
    expect((await book(lesson.id)).body).toEqual({ error: "Booking is blocked" });

    await api("PATCH", "/account", {
      token: tenant.admin.token,
      body: { bookingPolicy: { strikeLateCancels: false } },
    });
    expect((await book(lesson.id)).status).toBe(201);
  });

  it("forgets a strike whose no-show mark is cleared or changed to attended", async () => {
    await noShow();
    const second = await noShow();
    const third = await noShow();
    const lesson = await createClass(tenant.accountId);
    expect((await book(lesson.id)).status).toBe(409);

    expect((await markAs(third, null)).status).toBe(200);
    expect((await book(lesson.id)).status).toBe(201);
    const another = await createClass(tenant.accountId);
    await markAs(third, "no_show");
    expect((await book(another.id)).status).toBe(409);
    await markAs(second, "attended");
    expect((await book(another.id)).status).toBe(201);
  });

  it("counts only strikes within strikeWindowDays of each other", async () => {
    await noShowMarked(40 * DAY);
    await noShowMarked(3 * DAY);
    await noShowMarked(2 * DAY);
    const lesson = await createClass(tenant.accountId);
    expect((await book(lesson.id)).status).toBe(201); // the oldest is outside the 30 days

    await noShowMarked(29 * DAY);
    expect((await book((await createClass(tenant.accountId)).id)).body).toEqual({ error: "Booking is blocked" });
  });

  it("blocks for strikeBlockDays from the strike that reached the limit", async () => {
    await noShowMarked(9 * DAY);
    await noShowMarked(8.5 * DAY);
    await noShowMarked(8 * DAY);
    const lesson = await createClass(tenant.accountId);
    expect((await book(lesson.id)).status).toBe(201); // 7 days from 8 days ago: over yesterday

    await api("PATCH", "/account", { token: tenant.admin.token, body: { bookingPolicy: { strikeBlockDays: 10 } } });
    const until = ago(8 * DAY - 10 * DAY);
    const scoped = tenantDb(tenant.accountId);
    const at = (moment: Date) =>
      strikeBlockUntil(scoped, { accountId: tenant.accountId, userId: member.userId, now: moment });
    expect(await at(now)).toEqual(until);
    expect(await at(new Date(until.getTime() - 1))).toEqual(until);
    expect(await at(until)).toBeNull(); // the block ends at its end
    const options = await getBookingOptions({
      db: scoped,
      accountId: tenant.accountId,
      userId: member.userId,
      instanceId: (await createClass(tenant.accountId)).id,
      now,
    });
    expect(options).toMatchObject({ reason: "blocked", blockedUntil: until });
  });

  it("is checked after Already booked and Booking is closed, before No valid entitlement", async () => {
    const booked = await createClass(tenant.accountId);
    expect((await book(booked.id)).status).toBe(201);
    for (let index = 0; index < 3; index += 1) await noShow();

    expect((await book(booked.id)).body).toEqual({ error: "Already booked" });
    const closed = await createClass(tenant.accountId, { startsAt: new Date(now.getTime() + 30 * DAY) });
    expect((await book(closed.id)).body).toEqual({ error: "Booking is closed" });

    await db.entitlement.updateMany({ where: { userId: member.userId }, data: { status: "expired" } });
    const open = await createClass(tenant.accountId);
    const refused = await book(open.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Booking is blocked" });
  });

  it("blocks an administrator's booking of the member too", async () => {
    for (let index = 0; index < 3; index += 1) await noShow();
    const lesson = await createClass(tenant.accountId);
    const refused = await api("POST", "/bookings", {
      token: tenant.admin.token,
      body: { instanceId: lesson.id, attendeeId: member.userId },
    });
    expect(refused.body).toEqual({ error: "Booking is blocked" });
  });
});

describe("the email when a block starts", () => {
  it("is written once, however many strikes follow or marks are cleared and set again, in the member's language", async () => {
    await db.user.update({ where: { id: member.userId }, data: { locale: "en" } });
    const soon = await createClass(tenant.accountId, { startsAt: new Date(now.getTime() + 2 * HOUR) });
    const held = await book(soon.id); // booked before the block, cancelled late during it
    await noShow();
    await noShow();
    expect(await strikeNotices()).toBe(0);
    const third = await noShow();
    expect(await strikeNotices()).toBe(1);
    await noShow(); // lengthens the block
    const cancelled = await api("DELETE", `/bookings/${held.body.id}`, { token: member.token });
    expect(cancelled.body.status).toBe("late_cancelled");
    await markAs(third, null);
    await markAs(third, "no_show");
    expect(await strikeNotices()).toBe(1);

    expect(await sendWaitingNoticeEmails()).toBe(1);
    const emails = readOutbox().filter(
      (email) => email.to === member.email && email.id.startsWith("notice-strike_block-"),
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.locale).toBe("en");
    expect(emails[0]!.subject).toBe("You cannot book at Studio Sol for now");
    expect(emails[0]!.text).toContain("paused your booking until");
  });

  it("is in the studio's language without the member's own, and not sent when the block was lifted before", async () => {
    for (let index = 0; index < 3; index += 1) await noShow();
    expect(await sendWaitingNoticeEmails()).toBe(1);
    const [email] = readOutbox().filter(
      (sent) => sent.to === member.email && sent.id.startsWith("notice-strike_block-"),
    );
    expect(email!.subject).toBe("Du kan ikke booke hos Studio Sol lige nu");

    const other = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, other.userId);
    const bookingIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const lesson = await createClass(tenant.accountId, { startsAt: ago(DAY) });
      const booking = await db.booking.create({
        data: { accountId: tenant.accountId, instanceId: lesson.id, attendeeId: other.userId, status: "confirmed" },
      });
      await markAs(booking.id, "no_show");
      bookingIds.push(booking.id);
    }
    expect((await api("POST", `/users/${other.userId}/strikes/clear`, { token: tenant.admin.token })).status).toBe(204);
    expect(await sendWaitingNoticeEmails()).toBe(0); // no longer true: dropped
    expect(readOutbox().filter((sent) => sent.to === other.email)).toHaveLength(0);
  });
});

describe("POST /users/{userId}/strikes/clear", () => {
  it("lets an administrator lift the block; strikes after it count afresh and a new block is emailed again", async () => {
    for (let index = 0; index < 3; index += 1) await noShow();
    const lesson = await createClass(tenant.accountId);
    expect((await book(lesson.id)).status).toBe(409);

    const lifted = await api("POST", `/users/${member.userId}/strikes/clear`, { token: tenant.admin.token });
    expect(lifted.status).toBe(204);
    expect(lifted.text).toBe("");
    expect((await book(lesson.id)).status).toBe(201);
    const strikes = await getMemberStrikes({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      userId: member.userId,
    });
    expect(strikes).toMatchObject({ limit: 3, strikes: [], blockedUntil: null });

    await new Promise((resolve) => setTimeout(resolve, 5)); // later marks are after the lift's moment
    for (let index = 0; index < 3; index += 1) await noShow();
    expect((await book((await createClass(tenant.accountId)).id)).status).toBe(409);
    expect(await strikeNotices()).toBe(2);
  });

  it("answers an attendee 403, and 404 for another studio's person or an unknown id", async () => {
    const asMember = await api("POST", `/users/${member.userId}/strikes/clear`, { token: member.token });
    expect(asMember.status).toBe(403);
    const elsewhere = await createTenant();
    const foreign = await api("POST", `/users/${member.userId}/strikes/clear`, { token: elsewhere.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "Resource not found" });
    const unknown = await api("POST", `/users/00000000-0000-4000-8000-000000000000/strikes/clear`, {
      token: tenant.admin.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("the person page's strikes", () => {
  it("lists the strikes within the window, newest first, with their class, and the block", async () => {
    await noShowMarked(40 * DAY);
    await noShowMarked(2 * DAY);
    await lateCancel();
    await noShow();
    const strikes = await getMemberStrikes({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      userId: member.userId,
    });
    expect(strikes.strikes.map((strike) => strike.kind)).toEqual(["no_show", "late_cancel", "no_show"]);
    expect(strikes.strikes[0]!.className).toBe("Morning Flow");
    expect(strikes.blockedUntil).not.toBeNull();
  });
});
