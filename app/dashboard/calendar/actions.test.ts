import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant, setPolicy, type TestClass } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { setTeachersAction, setCapacityAction, createOneOffClassAction, moveInstanceAction } = await import("./actions");

let tenant: TestTenant;
let clara: TestMember;
let jonas: TestMember;
let lesson: TestClass;

beforeEach(async () => {
  tenant = await createTenant({ timezone: "Europe/Copenhagen" });
  clara = await createMember(tenant.accountId, "teacher");
  jonas = await createMember(tenant.accountId, "teacher");
  lesson = await createClass(tenant.accountId, { capacity: 2 });
  await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [clara.userId] } });
});

describe("the calendar panel", () => {
  it("gives one class a substitute: the class keeps its own teachers and the change is on record", async () => {
    signInAs(tenant.admin.token);
    const state = await setTeachersAction(formData({ instanceId: lesson.id, teacherIds: [jonas.userId] }));
    expect(state).toEqual({ ok: true, message: "Teachers saved; booked attendees are emailed." });
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({
      teacherIds: [jonas.userId],
      ownTeachers: true,
    });
    expect(await db.instanceException.findMany({ where: { instanceId: lesson.id } })).toEqual([
      expect.objectContaining({
        type: "teachers",
        originalTeacherIds: [clara.userId],
        replacementTeacherIds: [jonas.userId],
      }),
    ]);
  });

  it("refuses a substitute who is not a member of the studio, by field", async () => {
    const stranger = await createTenant();
    signInAs(tenant.admin.token);
    const state = await setTeachersAction(formData({ instanceId: lesson.id, teacherIds: [stranger.admin.userId] }));
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {})).toEqual([expect.stringMatching(/^teacherIds/)]);
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({
      teacherIds: [clara.userId],
    });
  });

  it("raises the capacity, which moves the first on the waitlist up", async () => {
    await setPolicy(tenant.accountId, { waitlistEnabled: true });
    const people = await Promise.all([1, 2, 3].map(() => createMember(tenant.accountId, "attendee")));
    for (const person of people) {
      await grant(tenant.accountId, person.userId);
      const booked = await api("POST", "/bookings", {
        token: person.token,
        body: { instanceId: lesson.id, waitlist: true },
      });
      expect(booked.status).toBe(201);
    }
    signInAs(tenant.admin.token);
    expect(await setCapacityAction(formData({ instanceId: lesson.id, capacity: "3" }))).toEqual({
      ok: true,
      message: "Saved.",
    });
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({
      capacity: 3,
      bookedCount: 3,
      waitlistCount: 0,
    });
  });

  it("sets the capacity to 0 under the booked: they keep their places, and the moves refuse the past", async () => {
    const person = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, person.userId);
    expect((await api("POST", "/bookings", { token: person.token, body: { instanceId: lesson.id } })).status).toBe(201);
    signInAs(tenant.admin.token);
    expect(await setCapacityAction(formData({ instanceId: lesson.id, capacity: "0" }))).toEqual({ ok: true, message: "Saved." });
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({ capacity: 0, bookedCount: 1 });
    const past = await moveInstanceAction(formData({ instanceId: lesson.id, startsAt: "2020-01-06T10:00" }));
    expect(past).toMatchObject({ ok: false, error: "Instance cannot start in the past" });
  });

  it("answers a capacity that is not a whole number ≥ 0 with a field error and changes nothing", async () => {
    signInAs(tenant.admin.token);
    for (const capacity of ["-1", "two"]) {
      const state = await setCapacityAction(formData({ instanceId: lesson.id, capacity }));
      expect(state.ok).toBe(false);
      expect(state.fieldErrors).toHaveProperty("capacity");
    }
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({ capacity: 2 });
  });

  it("adds a one-off class at the slot's studio time and opens it in the calendar it came from", async () => {
    signInAs(tenant.admin.token);
    const returnTo = "/dashboard/calendar?week=2026-12-07&day=2026-12-09";
    const address = await redirectOf(
      createOneOffClassAction(
        formData({ eventId: lesson.eventId, startsAt: "2026-12-09T18:30", capacity: "12", returnTo }),
      ),
    );
    const url = new URL(address, "http://x");
    expect(url.pathname).toBe("/dashboard/calendar");
    expect(url.searchParams.get("week")).toBe("2026-12-07");
    const created = await db.instance.findUniqueOrThrow({ where: { id: url.searchParams.get("class")! } });
    // 18:30 in Copenhagen in December is 17:30 UTC; the event's hour long; a series of one.
    expect(created).toMatchObject({
      eventId: lesson.eventId,
      startsAt: new Date("2026-12-09T17:30:00Z"),
      endsAt: new Date("2026-12-09T18:30:00Z"),
      capacity: 12,
    });
    expect(await db.series.findUniqueOrThrow({ where: { id: created.seriesId! } })).toMatchObject({ count: 1 });
  });

  it("asks for a class and a time before adding one, and follows no address outside the calendar", async () => {
    signInAs(tenant.admin.token);
    const missing = await createOneOffClassAction(formData({ eventId: "", startsAt: "" }));
    expect(missing).toMatchObject({ ok: false, fieldErrors: { eventId: "Choose a class" } });
    const noTime = await createOneOffClassAction(formData({ eventId: lesson.eventId, startsAt: "tomorrow" }));
    expect(noTime).toMatchObject({ ok: false, fieldErrors: { startsAt: "Enter a date and time" } });
    const address = await redirectOf(
      createOneOffClassAction(
        formData({ eventId: lesson.eventId, startsAt: "2026-12-09T18:30", returnTo: "https://elsewhere.example/" }),
      ),
    );
    expect(address).toMatch(/^\/dashboard\/calendar\?class=/);
  });

  it("are the administrator's: a teacher is sent to their home, another studio's class is not found", async () => {
    signInAs(clara.token);
    await expect(setTeachersAction(formData({ instanceId: lesson.id, teacherIds: [clara.userId] }))).rejects.toThrow(
      /NEXT_REDIRECT/,
    );
    const other = await createTenant();
    signInAs(other.admin.token);
    const state = await setCapacityAction(formData({ instanceId: lesson.id, capacity: "5" }));
    expect(state).toMatchObject({ ok: false, error: "Resource not found" });
    expect(await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).toMatchObject({
      capacity: 2,
      teacherIds: [clara.userId],
    });
  });
});
