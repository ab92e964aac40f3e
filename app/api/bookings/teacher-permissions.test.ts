import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant, type TestClass } from "./booking-test-data";

const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };
const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };

let tenant: TestTenant;
let teacher: TestMember;
let otherTeacher: TestMember;
let ida: TestMember;
let mads: TestMember;
/** Taught by `teacher`. */
let taught: TestClass;
/** Taught by `otherTeacher` only. */
let notTaught: TestClass;
let foreign: { tenant: TestTenant; lesson: TestClass; bookingId: string };

async function teach(lesson: TestClass, teacherIds: string[]) {
  await db.instance.update({ where: { id: lesson.id }, data: { teacherIds } });
}

/** A confirmed booking made by the account's administrator (the desk). */
async function bookAtDesk(lesson: TestClass, attendee: TestMember, token = tenant.admin.token) {
  const response = await api("POST", "/bookings", { token, body: { instanceId: lesson.id, attendeeId: attendee.userId } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

beforeEach(async () => {
  tenant = await createTenant();
  teacher = await createMember(tenant.accountId, "teacher");
  otherTeacher = await createMember(tenant.accountId, "teacher");
  ida = await createMember(tenant.accountId, "attendee");
  mads = await createMember(tenant.accountId, "attendee");
  await db.user.update({ where: { id: ida.userId }, data: { dateOfBirth: new Date("1990-04-12T00:00:00Z") } });
  for (const person of [ida, mads, teacher]) await grant(tenant.accountId, person.userId);
  taught = await createClass(tenant.accountId);
  notTaught = await createClass(tenant.accountId);
  await teach(taught, [otherTeacher.userId, teacher.userId]);
  await teach(notTaught, [otherTeacher.userId]);

  const other = await createTenant();
  const stranger = await createMember(other.accountId, "attendee");
  await grant(other.accountId, stranger.userId);
  const lesson = await createClass(other.accountId);
  // taught, over there, by our teacher's id: still not ours to see
  await teach(lesson, [teacher.userId]);
  const booked = await api("POST", "/bookings", {
    token: other.admin.token,
    body: { instanceId: lesson.id, attendeeId: stranger.userId },
  });
  foreign = { tenant: other, lesson, bookingId: booked.body.id };
});

describe("a teacher, for an instance they teach", () => {
  it("reads its roster and waitlist without dates of birth; an administrator sees them", async () => {
    await bookAtDesk(taught, ida);
    const roster = await api("GET", `/instances/${taught.id}/roster`, { token: teacher.token });
    expect(roster.status).toBe(200);
    expect(roster.body).toHaveLength(1);
    expect(roster.body[0].attendee).toEqual({
      id: ida.userId,
      email: ida.email,
      displayName: expect.any(String),
      status: "active",
      guardianId: null,
    });
    expect(JSON.stringify(roster.body)).not.toContain("1990-04-12");
    const asAdmin = await api("GET", `/instances/${taught.id}/roster`, { token: tenant.admin.token });
    expect(asAdmin.body[0].attendee.dateOfBirth).toBe("1990-04-12");

    // the class is full: the next one waits
    await db.instance.update({ where: { id: taught.id }, data: { capacity: 1 } });
    const waiting = await api("POST", "/bookings", {
      token: teacher.token,
      body: { instanceId: taught.id, attendeeId: mads.userId, waitlist: true },
    });
    expect(waiting).toMatchObject({ status: 201, body: { status: "waitlisted", attendeeId: mads.userId } });
    const waitlist = await api("GET", `/instances/${taught.id}/waitlist`, { token: teacher.token });
    expect(waitlist.status).toBe(200);
    expect(waitlist.body.map((entry: { attendee: { id: string } }) => entry.attendee.id)).toEqual([mads.userId]);
    expect(waitlist.body[0].attendee).not.toHaveProperty("dateOfBirth");
  });

  it("books someone in, marks attendance and cancels their booking", async () => {
    const booked = await api("POST", "/bookings", {
      token: teacher.token,
      body: { instanceId: taught.id, attendeeId: ida.userId },
    });
    expect(booked).toMatchObject({ status: 201, body: { status: "confirmed", attendeeId: ida.userId } });
    // attendance is marked from 30 minutes before the start: the class begins in ten minutes
    await db.instance.update({
      where: { id: taught.id },
      data: { startsAt: new Date(Date.now() + 10 * 60_000), endsAt: new Date(Date.now() + 70 * 60_000) },
    });

    const marked = await api("PATCH", `/bookings/${booked.body.id}`, {
      token: teacher.token,
      body: { attendance: "attended" },
    });
    expect(marked).toMatchObject({ status: 200, body: { attendance: "attended" } });

    const cancelled = await api("DELETE", `/bookings/${booked.body.id}`, { token: teacher.token });
    expect(cancelled).toMatchObject({ status: 200, body: { status: "late_cancelled" } });
    // a cancelled booking carries no attendance any more: 409 as for an administrator
    expect(
      await api("PATCH", `/bookings/${booked.body.id}`, { token: teacher.token, body: { attendance: "no_show" } }),
    ).toMatchObject({ status: 409, body: { error: "Booking is not confirmed" } });
  });

  it("books and cancels their own place in any class like an attendee", async () => {
    const own = await api("POST", "/bookings", { token: teacher.token, body: { instanceId: notTaught.id } });
    expect(own).toMatchObject({ status: 201, body: { attendeeId: teacher.userId } });
    expect(await api("DELETE", `/bookings/${own.body.id}`, { token: teacher.token })).toMatchObject({ status: 200 });
  });
});

describe("a teacher, for an instance they do not teach", () => {
  it("answers 403 to its roster, waitlist, booking someone in, attendance and cancelling, and changes nothing", async () => {
    const bookingId = await bookAtDesk(notTaught, ida);
    for (const [method, url, body] of [
      ["GET", `/instances/${notTaught.id}/roster`, undefined],
      ["GET", `/instances/${notTaught.id}/waitlist`, undefined],
      ["POST", "/bookings", { instanceId: notTaught.id, attendeeId: mads.userId }],
      ["POST", "/bookings", { instanceId: notTaught.id, attendeeId: mads.userId, waitlist: true }],
      ["PATCH", `/bookings/${bookingId}`, { attendance: "attended" }],
      ["DELETE", `/bookings/${bookingId}`, undefined],
    ] as const) {
      expect(await api(method, url, { token: teacher.token, body }), `${method} ${url}`).toMatchObject(FORBIDDEN);
    }
    const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(booking).toMatchObject({ status: "confirmed", attendance: null });
    expect(await db.booking.count({ where: { instanceId: notTaught.id } })).toBe(1);
  });

  it("still sees it on the schedule", async () => {
    const list = await api("GET", "/instances", { token: teacher.token });
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([taught.id, notTaught.id]));
  });

  it("loses an instance when its teachers change", async () => {
    await teach(taught, [otherTeacher.userId]);
    expect(await api("GET", `/instances/${taught.id}/roster`, { token: teacher.token })).toMatchObject(FORBIDDEN);
    expect(await api("GET", `/instances/${taught.id}/roster`, { token: otherTeacher.token })).toMatchObject({ status: 200 });
  });
});

describe("tenant isolation", () => {
  it("another account's instance and booking answer a teacher 404, even one taught by their id", async () => {
    for (const [method, url, body] of [
      ["GET", `/instances/${foreign.lesson.id}/roster`, undefined],
      ["GET", `/instances/${foreign.lesson.id}/waitlist`, undefined],
      ["POST", "/bookings", { instanceId: foreign.lesson.id, attendeeId: ida.userId }],
      ["PATCH", `/bookings/${foreign.bookingId}`, { attendance: "attended" }],
      ["DELETE", `/bookings/${foreign.bookingId}`, undefined],
      ["GET", `/instances/${randomUUID()}/roster`, undefined],
      ["POST", "/bookings", { instanceId: randomUUID(), attendeeId: ida.userId }],
    ] as const) {
      expect(await api(method, url, { token: teacher.token, body }), `${method} ${url}`).toMatchObject(NOT_FOUND);
    }
    const booking = await db.booking.findUniqueOrThrow({ where: { id: foreign.bookingId } });
    expect(booking).toMatchObject({ status: "confirmed", attendance: null });
  });
});

describe("an attendee", () => {
  it("stays out: 403 on rosters, waitlists, attendance and booking others in; 404 on another's booking", async () => {
    await teach(taught, [ida.userId]); // named as a teacher, but an attendee persona
    const bookingId = await bookAtDesk(taught, mads);
    for (const [method, url, body] of [
      ["GET", `/instances/${taught.id}/roster`, undefined],
      ["GET", `/instances/${taught.id}/waitlist`, undefined],
      ["PATCH", `/bookings/${bookingId}`, { attendance: "attended" }],
      ["POST", "/bookings", { instanceId: taught.id, attendeeId: teacher.userId }],
    ] as const) {
      expect(await api(method, url, { token: ida.token, body }), `${method} ${url}`).toMatchObject(FORBIDDEN);
    }
    expect(await api("DELETE", `/bookings/${bookingId}`, { token: ida.token })).toMatchObject(NOT_FOUND);
  });
});

/** Every operation a route declares `auth: "admin"`, read from the route files (as the OpenAPI test does). */
function adminOperations(): { method: string; path: string }[] {
  const root = path.join(process.cwd(), "app", "api");
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith("route.ts"));
  return files.flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/operation:\s*"(\w+) ([^"]+)",\s*auth:\s*"admin"/g)].map(
      ([, method, template]) => ({ method: method!, path: template! }),
    ),
  );
}

describe("everything else an administrator may do", () => {
  const operations = adminOperations();

  it("is found in the route files", () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations).toEqual(expect.arrayContaining([{ method: "POST", path: "/users/invitations" }, { method: "PATCH", path: "/instances/{instanceId}" }]));
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s answers a teacher 403", async (_key, op) => {
    // the teacher's own class and own id where the path names one: still not theirs to administer
    const url = op.path
      .replace("{instanceId}", taught.id)
      .replace("{eventId}", taught.eventId)
      .replace("{userId}", teacher.userId)
      .replace(/\{\w+\}/g, randomUUID());
    const body = op.method === "GET" || op.method === "DELETE" ? undefined : {};
    expect(await api(op.method, url, { token: teacher.token, body })).toMatchObject(FORBIDDEN);
  });
});
