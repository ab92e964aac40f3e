import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type InstanceBody = { id: string; seriesId: string | null; startsAt: string; endsAt: string; capacity: number; status: string };
type SeriesBody = { id: string; status: string; weekdays: number[]; localStartTime: string; capacity: number; count: number | null };

const ZONE = "Europe/Copenhagen";
const VALIDATION_FAILED = { error: "Validation failed" };
let tenant: TestTenant;
let attendee: TestMember;
let other: TestTenant;
let eventId: string;

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  other = await createTenant();
  const event = await api("POST", "/events", { token: tenant.admin.token, body: { title: "Vinyasa", durationMinutes: 60, capacity: 14 } });
  eventId = event.body.id;
});

// Copenhagen's today; W is the weekday three days ahead, so no occurrence of a W series falls on today.
const today = DateTime.now().setZone(ZONE).startOf("day");
const W = today.plus({ days: 3 }).weekday % 7; // luxon: 1 = Monday … 7 = Sunday; ours: 0 = Sunday
/** The W dates: d(0) is 32 days ago … d(4) is 4 days ago (elapsed), d(5) is in 3 days (future). */
const d = (k: number) => today.minus({ days: 32 }).plus({ weeks: k });
const isoDay = (date: DateTime) => date.toISODate()!;
const at = (date: DateTime, time: string) => {
  const [hour, minute] = time.split(":").map(Number);
  return date.set({ hour, minute }).toUTC().toISO({ suppressMilliseconds: false })!;
};
const localDate = (instance: InstanceBody) => DateTime.fromISO(instance.startsAt).setZone(ZONE).toISODate();

async function createSeries(body: Record<string, unknown>) {
  const response = await api("POST", `/events/${eventId}/series`, { token: tenant.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { series: SeriesBody; instances: InstanceBody[] };
}

/** A weekly W series at 18:00 from d(0): five elapsed occurrences, then future ones. */
const weeklySeries = (count: number) =>
  createSeries({ frequency: "weekly", weekdays: [W], localStartTime: "18:00", timezone: ZONE, startsOn: isoDay(d(0)), count });

function patchSeries(seriesId: string, body: unknown, token = tenant.admin.token) {
  return api("PATCH", `/series/${seriesId}`, { token, body });
}

async function instanceAction(instanceId: string, body: Record<string, unknown>) {
  const response = await api("PATCH", `/instances/${instanceId}`, { token: tenant.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as InstanceBody;
}

async function book(instanceId: string) {
  return db.booking.create({ data: { accountId: tenant.accountId, instanceId, attendeeId: attendee.userId, status: "confirmed" } });
}

function expectOneInstancePerLocalDate(instances: InstanceBody[]) {
  const dates = instances.map(localDate);
  expect(new Set(dates).size, dates.join(" ")).toBe(dates.length);
}

describe("a weekly series around today", () => {
  it("has five elapsed occurrences before today's date and the rest after it", async () => {
    const { instances } = await weeklySeries(8);
    const now = Date.now();
    expect(instances.filter((i) => Date.parse(i.startsAt) < now).map(localDate)).toEqual([0, 1, 2, 3, 4].map((k) => isoDay(d(k))));
    expect(instances.map((i) => i.startsAt)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => at(d(k), "18:00")));
  });
});

describe("PATCH /series/{seriesId}: status only", () => {
  it("pauses, resumes and ends the series keeping every instance and booking as it is", async () => {
    const created = await weeklySeries(8);
    const booking = await book(created.instances[6]!.id);
    const before = (await api("GET", `/instances?from=${at(d(-1), "00:00")}&to=${at(d(10), "00:00")}&seriesId=${created.series.id}`, { token: tenant.admin.token })).body;
    expect(before).toHaveLength(8);

    for (const status of ["paused", "active", "ended"]) {
      const response = await patchSeries(created.series.id, { status });
      expect(response.status).toBe(200);
      expect(response.body.series).toEqual({ ...created.series, status });
      expect(response.body.instances).toEqual(before);
    }
    expect(await db.booking.findUnique({ where: { id: booking.id } })).toMatchObject({ status: "confirmed", instanceId: created.instances[6]!.id });
  });

  it("answers 200 with nothing changed for an empty body", async () => {
    const created = await weeklySeries(6);
    const response = await patchSeries(created.series.id, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });
});

describe("PATCH /series/{seriesId}: rule changes", () => {
  it("retimes future plain instances in place and keeps elapsed, moved, cancelled ones and bookings", async () => {
    const created = await weeklySeries(10);
    const [e0, e1, e2, e3, e4, moved, cancelled, booked, f8, f9] = created.instances;
    const movedTo = at(d(5), "19:00");
    const movedBody = await instanceAction(moved!.id, { action: "move", startsAt: movedTo });
    const cancelledBody = await instanceAction(cancelled!.id, { action: "cancel" });
    const booking = await book(booked!.id);

    const response = await patchSeries(created.series.id, { localStartTime: "19:30", durationMinutes: 90, capacity: 12 });

    expect(response.status).toBe(200);
    expect(response.body.series).toEqual({ ...created.series, localStartTime: "19:30", durationMinutes: 90, capacity: 12 });
    const after = response.body.instances as InstanceBody[];
    expect(after.map((i) => i.id)).toEqual([e0, e1, e2, e3, e4, moved, cancelled, booked, f8, f9].map((i) => i!.id));
    // elapsed, moved and cancelled: exactly as they were
    expect(after.slice(0, 5)).toEqual([e0, e1, e2, e3, e4]);
    expect(after[5]).toEqual(movedBody);
    expect(after[6]).toEqual(cancelledBody);
    // future plain ones (booked or not): same id, the new time, duration and capacity
    for (const [index, k] of [[7, 7], [8, 8], [9, 9]] as const) {
      expect(after[index]).toMatchObject({
        startsAt: at(d(k), "19:30"),
        endsAt: DateTime.fromISO(at(d(k), "19:30")).plus({ minutes: 90 }).toUTC().toISO(),
        capacity: 12,
        status: "scheduled",
      });
    }
    expect(await db.booking.findUnique({ where: { id: booking.id } })).toMatchObject({ instanceId: booked!.id, status: "confirmed" });
    expectOneInstancePerLocalDate(after);
  });

  it("on a new weekday deletes unbooked future plain instances, keeps booked ones and never doubles a held date", async () => {
    const created = await weeklySeries(10);
    const [, , , , , moved, cancelled, booked, f8, f9] = created.instances;
    // d(5) is moved to the next day: that date is now held by a kept instance.
    await instanceAction(moved!.id, { action: "move", startsAt: at(d(5).plus({ days: 1 }), "18:00") });
    await instanceAction(cancelled!.id, { action: "cancel" });
    await book(booked!.id);
    const next = (W + 1) % 7;

    const response = await patchSeries(created.series.id, { weekdays: [next] });

    expect(response.status).toBe(200);
    expect(response.body.series).toMatchObject({ weekdays: [next], count: 10 });
    const after = response.body.instances as InstanceBody[];
    const ids = after.map((i) => i.id);
    // kept: the five elapsed ones, the moved, the cancelled and the booked one; deleted: d(8), d(9)
    expect(ids).toEqual(expect.arrayContaining([...created.instances.slice(0, 5).map((i) => i.id), moved!.id, cancelled!.id, booked!.id]));
    expect(ids).not.toContain(f8!.id);
    expect(ids).not.toContain(f9!.id);
    expect(after.find((i) => i.id === booked!.id)).toMatchObject({ startsAt: at(d(7), "18:00"), status: "scheduled" });
    // the rule's 10 occurrences are d(0)+1 … d(9)+1: elapsed ones are not generated by an edit and
    // d(5)+1 is held by the moved instance, so d(6)+1 … d(9)+1 are new
    const created4 = after.filter((i) => !created.instances.some((c) => c.id === i.id));
    expect(created4.map((i) => i.startsAt)).toEqual([6, 7, 8, 9].map((k) => at(d(k).plus({ days: 1 }), "18:00")));
    expect(after).toHaveLength(12);
    expectOneInstancePerLocalDate(after);
  });

  it("counts every occurrence of the rule, kept ones included, when count grows", async () => {
    const created = await weeklySeries(8);
    await instanceAction(created.instances[5]!.id, { action: "cancel" });
    const response = await patchSeries(created.series.id, { count: 10 });
    expect(response.status).toBe(200);
    const after = response.body.instances as InstanceBody[];
    expect(after).toHaveLength(10);
    expect(after.slice(0, 8).map((i) => i.id)).toEqual(created.instances.map((i) => i.id));
    expect(after.map((i) => i.startsAt)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => at(d(k), "18:00")));
    expect(after[5]!.status).toBe("cancelled");
  });

  it("shrinks with count: future plain instances past the new bound go", async () => {
    const created = await weeklySeries(9);
    const response = await patchSeries(created.series.id, { count: 6 });
    expect(response.status).toBe(200);
    expect(response.body.instances.map((i: InstanceBody) => i.id)).toEqual(created.instances.slice(0, 6).map((i) => i.id));
    expect(await db.instance.count({ where: { id: { in: created.instances.slice(6).map((i) => i.id) } } })).toBe(0);
  });

  it("switches the bound from count to endsOn when the other one is cleared", async () => {
    const created = await weeklySeries(6);
    const response = await patchSeries(created.series.id, { count: null, endsOn: isoDay(d(7)) });
    expect(response.status).toBe(200);
    expect(response.body.series).toMatchObject({ count: null, endsOn: isoDay(d(7)) });
    expect(response.body.instances).toHaveLength(8);
  });

  it("drops stored weekdays when the frequency changes and applies a status sent with the rule", async () => {
    const created = await weeklySeries(8);
    const startsOn = isoDay(today.plus({ days: 20 }));
    const response = await patchSeries(created.series.id, { frequency: "daily", startsOn, count: 3, status: "paused" });
    expect(response.status).toBe(200);
    expect(response.body.series).toMatchObject({ frequency: "daily", weekdays: [], monthDay: null, startsOn, count: 3, status: "paused" });
    const after = response.body.instances as InstanceBody[];
    // the elapsed five stay; the three future weekly ones are replaced by the three daily ones
    expect(after.slice(0, 5).map((i) => i.id)).toEqual(created.instances.slice(0, 5).map((i) => i.id));
    expect(after.slice(5).map((i) => i.startsAt)).toEqual([0, 1, 2].map((n) => at(today.plus({ days: 20 + n }), "18:00")));
  });
});

describe("PATCH /series/{seriesId}: errors", () => {
  let series: SeriesBody;
  let instances: InstanceBody[];
  beforeAll(async () => {
    ({ series, instances } = await weeklySeries(8));
  });

  async function expectUnchanged() {
    const list = await api("GET", "/series", { token: tenant.admin.token });
    expect(list.body.find((s: SeriesBody) => s.id === series.id)).toEqual(series);
    expect(await db.instance.findMany({ where: { seriesId: series.id }, orderBy: { startsAt: "asc" }, select: { id: true } })).toEqual(
      instances.map((i) => ({ id: i.id })),
    );
  }

  it.each([
    ["weekdays on a monthly rule", { frequency: "monthly", weekdays: [1] }, "weekdays"],
    ["monthDay on a weekly rule", { monthDay: 3 }, "monthDay"],
    ["no bound left", { count: null }, "endsOn"],
    ["endsOn before startsOn", { count: null, endsOn: isoDay(d(-1)) }, "endsOn"],
    ["endsOn more than two years after startsOn", { endsOn: isoDay(d(0).plus({ years: 2, days: 1 })) }, "endsOn"],
    ["count above 500", { count: 501 }, "count"],
    ["repeated weekdays", { weekdays: [1, 1] }, "weekdays"],
  ])("answers 400 for %s and changes nothing", async (_case, body, path) => {
    const response = await patchSeries(series.id, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    await expectUnchanged();
  });

  it.each([
    ["an unknown status", { status: "deleted" }],
    ["an unknown frequency", { frequency: "yearly" }],
    ["a string count", { count: "5" }],
    ["an unknown field (eventId)", { eventId: "x" }],
    ["an unknown field (accountId)", { accountId: "x" }],
    ["a null capacity", { capacity: null }],
  ])("answers 400 for %s", async (_case, body) => {
    expect(await patchSeries(series.id, body)).toMatchObject({ status: 400, body: VALIDATION_FAILED });
    await expectUnchanged();
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const path = `/series/${series.id}`;
    expect(await api("PATCH", path, { token: tenant.admin.token, rawBody: "{\"status\":" })).toMatchObject({ status: 400, body: VALIDATION_FAILED });
    const huge = JSON.stringify({ status: "paused", pad: "x".repeat(110_000) });
    expect(await api("PATCH", path, { token: tenant.admin.token, rawBody: huge })).toMatchObject({ status: 413, body: { error: "Payload too large" } });
    await expectUnchanged();
  });

  it("answers 404 for an unknown series and for another tenant's, changing nothing", async () => {
    expect(await patchSeries("no-such-series", { status: "paused" })).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await patchSeries(series.id, { status: "paused" }, other.admin.token)).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await patchSeries(series.id, { localStartTime: "06:00" }, other.admin.token)).toMatchObject({ status: 404 });
    await expectUnchanged();
  });

  it("answers 401 without or with a bad token and 403 to an attendee", async () => {
    expect(await api("PATCH", `/series/${series.id}`, { body: { status: "paused" } })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await patchSeries(series.id, { status: "paused" }, "bad")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await patchSeries(series.id, { status: "paused" }, attendee.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    await expectUnchanged();
  });

  it("answers 405 for a method the path does not serve", async () => {
    expect(await api("GET", `/series/${series.id}`, { token: tenant.admin.token })).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
    expect(await api("POST", "/series", { token: tenant.admin.token, body: {} })).toMatchObject({ status: 405 });
  });
});

describe("GET /series", () => {
  it("lists every series of the account, paused and ended included, to any member and to no other tenant", async () => {
    const own = await createTenant();
    const event = await api("POST", "/events", { token: own.admin.token, body: { title: "Yin", durationMinutes: 60 } });
    const ids: string[] = [];
    for (const status of [undefined, "paused", "ended"]) {
      const created = await api("POST", `/events/${event.body.id}/series`, {
        token: own.admin.token,
        body: { frequency: "daily", localStartTime: "07:00", startsOn: "2027-01-01", count: 2 },
      });
      expect(created.status).toBe(201);
      if (status) expect((await api("PATCH", `/series/${created.body.series.id}`, { token: own.admin.token, body: { status } })).status).toBe(200);
      ids.push(created.body.series.id);
    }
    const member = await createMember(own.accountId, "attendee");
    const response = await api("GET", "/series", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.map((s: SeriesBody) => [s.id, s.status])).toEqual([
      [ids[0], "active"],
      [ids[1], "paused"],
      [ids[2], "ended"],
    ]);
    expect(response.body[0]).toMatchObject({ accountId: own.accountId, eventId: event.body.id, frequency: "daily", startsOn: "2027-01-01", count: 2 });

    const foreign = await api("GET", "/series", { token: other.admin.token });
    expect(foreign).toMatchObject({ status: 200, body: [] });
  });

  it("answers 401 without or with a bad token", async () => {
    expect(await api("GET", "/series")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("GET", "/series", { token: "bad" })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});
