// GET /instances/{instanceId}/roster and GET /instances/{instanceId}/waitlist.
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

async function member(name: string) {
  const created = await createMember(tenant.accountId, "attendee", { displayName: name });
  await grant(tenant.accountId, created.userId);
  return created;
}

async function bookAs(who: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: who.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

type Entry = { booking: { id: string; status: string }; attendee: { id: string; displayName: string; email: string } };

describe("GET /instances/{instanceId}/roster and /waitlist", () => {
  it("the roster lists confirmed bookings only, in booking order, with each attendee as a User", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 2 });
    const ada = await member("Ada");
    const bo = await member("Bo");
    const cy = await member("Cy");
    const dee = await member("Dee");
    const adaBooking = await bookAs(ada, lesson.id);
    const boBooking = await bookAs(bo, lesson.id);
    const cyWaiting = await bookAs(cy, lesson.id, { waitlist: true });
    const deeWaiting = await bookAs(dee, lesson.id, { waitlist: true });
    await api("DELETE", `/bookings/${deeWaiting.id}`, { token: dee.token });
    const eve = await member("Eve");
    const eveWaiting = await bookAs(eve, lesson.id, { waitlist: true });

    const roster = await api("GET", `/instances/${lesson.id}/roster`, { token: tenant.admin.token });
    expect(roster.status).toBe(200);
    expect(
      (roster.body as Entry[]).map((entry) => [entry.booking.id, entry.booking.status, entry.attendee.displayName]),
    ).toEqual([
      [adaBooking.id, "confirmed", "Ada"],
      [boBooking.id, "confirmed", "Bo"],
    ]);
    expect(roster.body[0].attendee).toEqual({
      id: ada.userId,
      email: ada.email,
      displayName: "Ada",
      status: "active",
      dateOfBirth: null,
      guardianId: null,
    });

    const waitlist = await api("GET", `/instances/${lesson.id}/waitlist`, { token: tenant.admin.token });
    expect(waitlist.status).toBe(200);
    expect(
      (waitlist.body as Entry[]).map((entry) => [entry.booking.id, entry.booking.status, entry.attendee.displayName]),
    ).toEqual([
      [cyWaiting.id, "waitlisted", "Cy"],
      [eveWaiting.id, "waitlisted", "Eve"],
    ]);
  });

  it("answers empty lists for an instance without bookings", async () => {
    const lesson = await createClass(tenant.accountId);
    expect(await api("GET", `/instances/${lesson.id}/roster`, { token: tenant.admin.token })).toMatchObject({
      status: 200,
      body: [],
    });
    expect(await api("GET", `/instances/${lesson.id}/waitlist`, { token: tenant.admin.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it("403 to an attendee, 404 for an unknown or another tenant's instance, 401 without credentials", async () => {
    const lesson = await createClass(tenant.accountId);
    const ada = await member("Ada");
    await bookAs(ada, lesson.id);
    const other = await createTenant();
    for (const list of ["roster", "waitlist"]) {
      const path = `/instances/${lesson.id}/${list}`;
      expect(await api("GET", path, { token: ada.token })).toMatchObject({
        status: 403,
        body: { error: "Insufficient permission" },
      });
      expect(await api("GET", path, { token: other.admin.token })).toMatchObject({
        status: 404,
        body: { error: "Resource not found" },
      });
      expect(await api("GET", `/instances/unknown/${list}`, { token: tenant.admin.token })).toMatchObject({
        status: 404,
      });
      expect(await api("GET", path)).toMatchObject({ status: 401, body: { error: "Authentication required" } });
      expect(await api("POST", path, { token: tenant.admin.token })).toMatchObject({ status: 405 });
    }
  });
});
