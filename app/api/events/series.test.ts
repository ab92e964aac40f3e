import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type InstanceBody = { id: string; eventId: string; seriesId: string | null; startsAt: string; endsAt: string; capacity: number; status: string };

const VALIDATION_FAILED = "Validation failed";
let tenant: TestTenant;
let attendee: TestMember;
let other: TestTenant;
let eventId: string;

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  other = await createTenant();
  eventId = await createEvent(tenant, { title: "Vinyasa", durationMinutes: 60, capacity: 14 });
});

async function createEvent(owner: TestTenant, body: Record<string, unknown>): Promise<string> {
  const response = await api("POST", "/events", { token: owner.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

function postSeries(body: unknown, options: { event?: string; token?: string } = {}) {
  return api("POST", `/events/${options.event ?? eventId}/series`, { token: options.token ?? tenant.admin.token, body });
}

const times = (instances: InstanceBody[]) => instances.map((i) => i.startsAt);

describe("POST /events/{eventId}/series", () => {
  it("creates a weekly Tuesday 18:00 Copenhagen series: 17:00Z in January, 16:00Z in July (the attendee sees the same)", async () => {
    const response = await postSeries({
      frequency: "weekly",
      weekdays: [2],
      localStartTime: "18:00",
      timezone: "Europe/Copenhagen",
      startsOn: "2027-01-05",
      endsOn: "2027-07-27",
    });
    expect(response.status).toBe(201);
    expect(response.body.series).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      eventId,
      frequency: "weekly",
      interval: 1,
      weekdays: [2],
      monthDay: null,
      localStartTime: "18:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: "2027-01-05",
      endsOn: "2027-07-27",
      count: null,
      capacity: 14,
      status: "active",
    });
    const instances = response.body.instances as InstanceBody[];
    expect(instances).toHaveLength(30);
    expect(instances[0]).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      eventId,
      seriesId: response.body.series.id,
      startsAt: "2027-01-05T17:00:00.000Z",
      endsAt: "2027-01-05T18:00:00.000Z",
      capacity: 14,
      status: "scheduled",
      audience: "everyone",
      groupIds: [],
      teacherIds: [],
      bookedCount: 0,
      waitlistCount: 0,
      dropInsAllowed: false,
    });
    expect(times(instances).filter((t) => t.startsWith("2027-01"))).toEqual(
      ["05", "12", "19", "26"].map((day) => `2027-01-${day}T17:00:00.000Z`),
    );
    expect(times(instances).filter((t) => t.startsWith("2027-07"))).toEqual(
      ["06", "13", "20", "27"].map((day) => `2027-07-${day}T16:00:00.000Z`),
    );
    // Daylight saving starts on 28 March 2027: the last winter Tuesday and the first summer one.
    expect(times(instances)).toContain("2027-03-23T17:00:00.000Z");
    expect(times(instances)).toContain("2027-03-30T16:00:00.000Z");

    const seen = await api("GET", `/instances?from=2027-01-01T00:00:00Z&to=2027-08-01T00:00:00Z&seriesId=${response.body.series.id}`, {
      token: attendee.token,
    });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(instances);
  });

  it("defaults duration and capacity to the event's, the timezone to the account's and weekdays to startsOn's", async () => {
    const oslo = await createTenant({ timezone: "America/New_York" });
    const event = await createEvent(oslo, { title: "Yin", durationMinutes: 75, capacity: 9 });
    // 2027-03-04 is a Thursday; New York switches to daylight time on 14 March 2027.
    const response = await postSeries({ frequency: "weekly", localStartTime: "07:30", startsOn: "2027-03-04", count: 3 }, {
      event,
      token: oslo.admin.token,
    });
    expect(response.status).toBe(201);
    expect(response.body.series).toMatchObject({ weekdays: [4], durationMinutes: 75, capacity: 9, timezone: "America/New_York", count: 3, endsOn: null });
    expect(response.body.instances.map((i: InstanceBody) => [i.startsAt, i.endsAt, i.capacity])).toEqual([
      ["2027-03-04T12:30:00.000Z", "2027-03-04T13:45:00.000Z", 9],
      ["2027-03-11T12:30:00.000Z", "2027-03-11T13:45:00.000Z", 9],
      ["2027-03-18T11:30:00.000Z", "2027-03-18T12:45:00.000Z", 9],
    ]);
  });

  it("takes explicit duration, capacity and timezone, daily and monthly rules, and the earlier bound", async () => {
    const daily = await postSeries({
      frequency: "daily",
      interval: 2,
      localStartTime: "06:45",
      durationMinutes: 30,
      capacity: 5,
      timezone: "Asia/Kolkata",
      startsOn: "2027-02-01",
      endsOn: "2027-02-07",
      count: 10,
    });
    expect(daily.status).toBe(201);
    expect(daily.body.series).toMatchObject({ frequency: "daily", interval: 2, weekdays: [], monthDay: null, capacity: 5, durationMinutes: 30 });
    expect(daily.body.instances.map((i: InstanceBody) => [i.startsAt, i.endsAt, i.capacity])).toEqual([
      ["2027-02-01T01:15:00.000Z", "2027-02-01T01:45:00.000Z", 5],
      ["2027-02-03T01:15:00.000Z", "2027-02-03T01:45:00.000Z", 5],
      ["2027-02-05T01:15:00.000Z", "2027-02-05T01:45:00.000Z", 5],
      ["2027-02-07T01:15:00.000Z", "2027-02-07T01:45:00.000Z", 5],
    ]);

    const monthly = await postSeries({ frequency: "monthly", monthDay: 31, localStartTime: "10:00", startsOn: "2027-01-01", count: 3 });
    expect(monthly.status).toBe(201);
    expect(monthly.body.series).toMatchObject({ monthDay: 31, weekdays: [], count: 3 });
    expect(times(monthly.body.instances)).toEqual(["2027-01-31T09:00:00.000Z", "2027-03-31T08:00:00.000Z", "2027-05-31T08:00:00.000Z"]);
  });

  it("generates every occurrence of a series that started in the past, elapsed ones included", async () => {
    const startsOn = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
    const response = await postSeries({ frequency: "daily", localStartTime: "12:00", startsOn, count: 30 });
    expect(response.status).toBe(201);
    const instances = response.body.instances as InstanceBody[];
    expect(instances).toHaveLength(30);
    expect(instances.filter((i) => new Date(i.startsAt).getTime() < Date.now()).length).toBeGreaterThanOrEqual(20);
    expect(instances.every((i) => i.status === "scheduled")).toBe(true);
  });

  it("creates a series with 500 occurrences, the cap, in one request", async () => {
    const response = await postSeries({ frequency: "daily", localStartTime: "07:00", startsOn: "2028-01-01", count: 500 });
    expect(response.status).toBe(201);
    expect(response.body.instances).toHaveLength(500);
    expect(await db.instance.count({ where: { seriesId: response.body.series.id } })).toBe(500);
  });

  it.each([
    ["count above 500", { count: 501 }, "count"],
    ["endsOn more than 2 years after startsOn", { endsOn: "2029-01-02", frequency: "weekly" }, "endsOn"],
    ["an endsOn-only rule with more than 500 occurrences", { endsOn: "2028-06-01" }, "endsOn"],
  ])("answers 400 for %s and creates nothing", async (_case, change, path) => {
    const before = await db.series.count();
    const response = await postSeries({ frequency: "daily", localStartTime: "07:00", startsOn: "2027-01-01", ...change });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(VALIDATION_FAILED);
    expect(response.body.details.map((d: { path: string }) => d.path)).toEqual([path]);
    expect(await db.series.count()).toBe(before);
  });

  it.each([
    ["no frequency", { frequency: undefined }],
    ["no localStartTime", { localStartTime: undefined }],
    ["no startsOn", { startsOn: undefined }],
    ["no bound", { count: undefined }],
    ["endsOn before startsOn", { endsOn: "2026-12-31" }],
    ["an unknown frequency", { frequency: "yearly" }],
    ["weekdays on a daily rule", { frequency: "daily", weekdays: [1] }],
    ["weekday 7", { weekdays: [7] }],
    ["interval 0", { interval: 0 }],
    ["a string interval", { interval: "2" }],
    ["a time without leading zero", { localStartTime: "7:00" }],
    ["an unknown timezone", { timezone: "Mars/Olympus_Mons" }],
    ["an impossible date", { startsOn: "2027-02-30" }],
    ["capacity 0", { capacity: 0 }],
    ["a fractional duration", { durationMinutes: 30.5 }],
    ["the superseded `weekday` field", { weekday: 2 }],
    ["an unknown field (status)", { status: "active" }],
    ["an unknown field (accountId)", { accountId: "x" }],
  ])("answers 400 for %s", async (_case, change) => {
    const body = { frequency: "weekly", weekdays: [1], localStartTime: "07:00", startsOn: "2027-01-01", count: 3, ...change };
    const response = await postSeries(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(VALIDATION_FAILED);
  });

  it("answers 400 for malformed JSON and a missing body, 413 for an oversize body", async () => {
    const path = `/events/${eventId}/series`;
    expect(await api("POST", path, { token: tenant.admin.token, rawBody: "{" })).toMatchObject({ status: 400, body: { error: VALIDATION_FAILED } });
    expect(await api("POST", path, { token: tenant.admin.token })).toMatchObject({ status: 400, body: { error: VALIDATION_FAILED } });
    const huge = JSON.stringify({ frequency: "daily", localStartTime: "07:00", startsOn: "2027-01-01", count: 1, pad: "x".repeat(110_000) });
    expect(await api("POST", path, { token: tenant.admin.token, rawBody: huge })).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 404 for an unknown event and for another tenant's event, creating nothing there", async () => {
    const body = { frequency: "daily", localStartTime: "07:00", startsOn: "2027-01-01", count: 3 };
    expect(await postSeries(body, { event: "no-such-event" })).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await postSeries(body, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await db.series.count({ where: { accountId: other.accountId } })).toBe(0);
    expect(await db.instance.count({ where: { accountId: other.accountId } })).toBe(0);
  });

  it("answers 401 without or with a bad token and 403 to an attendee", async () => {
    const body = { frequency: "daily", localStartTime: "07:00", startsOn: "2027-01-01", count: 3 };
    expect(await api("POST", `/events/${eventId}/series`, { body })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await postSeries(body, { token: "bad-token" })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await postSeries(body, { token: attendee.token })).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });

  it("answers 405 for a method the path does not serve", async () => {
    expect(await api("GET", `/events/${eventId}/series`, { token: tenant.admin.token })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});
