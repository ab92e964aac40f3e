import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type InstanceBody = { id: string; eventId: string; seriesId: string | null; startsAt: string; teacherIds: string[] };

const INVALID = { status: 400, body: { error: "Validation failed" } };
// Fixed far-off dates: "past" and "future" whatever the day the tests run.
const PAST = "2001-03-05T09:00:00.000Z";
const FUTURE = "2090-03-06T09:00:00.000Z";

let tenant: TestTenant;
let clara: TestMember;
let jonas: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  clara = await createMember(tenant.accountId, "teacher");
  jonas = await createMember(tenant.accountId, "teacher");
});

async function createEvent(body: Record<string, unknown>) {
  const response = await api("POST", "/events", { token: tenant.admin.token, body: { title: "Flow", durationMinutes: 60, ...body } });
  expect(response.status).toBe(201);
  return response.body as { id: string; teacherIds: string[] };
}

async function instancesOf(eventId: string, query = ""): Promise<InstanceBody[]> {
  const response = await api("GET", `/instances?from=2000-01-01T00:00:00Z&to=2000-12-31T00:00:00Z${query}`, {
    token: tenant.admin.token,
  });
  const late = await api("GET", `/instances?from=2001-01-01T00:00:00Z&to=2001-12-31T00:00:00Z${query}`, {
    token: tenant.admin.token,
  });
  const future = await api("GET", `/instances?from=2090-01-01T00:00:00Z&to=2090-12-31T00:00:00Z${query}`, {
    token: tenant.admin.token,
  });
  return [...response.body, ...late.body, ...future.body].filter((i: InstanceBody) => i.eventId === eventId);
}

describe("instance teacherIds", () => {
  it("are copied from the event onto a one-off instance and onto a series' occurrences", async () => {
    const event = await createEvent({ teacherIds: [clara.userId], startsAt: FUTURE });
    const series = await api("POST", `/events/${event.id}/series`, {
      token: tenant.admin.token,
      body: { frequency: "weekly", localStartTime: "10:00", startsOn: "2090-04-02", count: 3 },
    });
    expect(series.status).toBe(201);
    expect(series.body.instances.map((i: InstanceBody) => i.teacherIds)).toEqual([[clara.userId], [clara.userId], [clara.userId]]);
    const all = await instancesOf(event.id);
    expect(all).toHaveLength(4);
    expect(all.every((i) => i.teacherIds.length === 1 && i.teacherIds[0] === clara.userId)).toBe(true);
  });

  it("an event's change of teachers reaches its future instances without teachers of their own, not started ones", async () => {
    const event = await createEvent({ teacherIds: [clara.userId], startsAt: PAST });
    await api("POST", `/events/${event.id}/series`, {
      token: tenant.admin.token,
      body: { frequency: "weekly", localStartTime: "10:00", startsOn: "2090-04-02", count: 2 },
    });
    const [past, ownFuture, plainFuture] = await instancesOf(event.id);
    // a substitute set on the instance itself (PATCH action `teachers`, a later slice) is its own
    await db.instance.update({ where: { id: ownFuture!.id }, data: { teacherIds: [clara.userId], ownTeachers: true } });

    const patched = await api("PATCH", `/events/${event.id}`, {
      token: tenant.admin.token,
      body: { teacherIds: [jonas.userId, jonas.userId] },
    });
    expect(patched).toMatchObject({ status: 200, body: { teacherIds: [jonas.userId] } });

    const after = new Map((await instancesOf(event.id)).map((i) => [i.id, i.teacherIds]));
    expect(after.get(past!.id)).toEqual([clara.userId]);
    expect(after.get(ownFuture!.id)).toEqual([clara.userId]);
    expect(after.get(plainFuture!.id)).toEqual([jonas.userId]);

    // an edit without teacherIds leaves every instance's teachers alone
    await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { title: "Slow Flow" } });
    expect(new Map((await instancesOf(event.id)).map((i) => [i.id, i.teacherIds]))).toEqual(after);
  });

  it("new occurrences of a changed series take the event's teachers of now", async () => {
    const event = await createEvent({ teacherIds: [clara.userId] });
    const series = await api("POST", `/events/${event.id}/series`, {
      token: tenant.admin.token,
      body: { frequency: "weekly", localStartTime: "10:00", startsOn: "2090-04-02", count: 1 },
    });
    await db.event.update({ where: { id: event.id }, data: { teacherIds: [jonas.userId] } });
    const changed = await api("PATCH", `/series/${series.body.series.id}`, { token: tenant.admin.token, body: { count: 2 } });
    expect(changed.status).toBe(200);
    expect(changed.body.instances.map((i: InstanceBody) => i.teacherIds)).toEqual([[clara.userId], [jonas.userId]]);
  });

  it("GET /instances?teacherId lists only that teacher's instances", async () => {
    const claras = await createEvent({ teacherIds: [clara.userId], startsAt: FUTURE });
    const both = await createEvent({ teacherIds: [jonas.userId, clara.userId], startsAt: FUTURE });
    const nobodys = await createEvent({ startsAt: FUTURE });
    const list = (query: string) =>
      api("GET", `/instances?from=2090-01-01T00:00:00Z&to=2090-12-31T00:00:00Z${query}`, { token: clara.token });

    const forClara = await list(`&teacherId=${clara.userId}`);
    expect(forClara.status).toBe(200);
    expect(forClara.body.map((i: InstanceBody) => i.eventId).sort()).toEqual([claras.id, both.id].sort());
    expect((await list(`&teacherId=${jonas.userId}`)).body.map((i: InstanceBody) => i.eventId)).toEqual([both.id]);
    expect((await list("")).body.map((i: InstanceBody) => i.eventId)).toContain(nobodys.id);
    expect((await list("&teacherId=no-such-user")).body).toEqual([]);
    expect(await list("&teacherId=")).toMatchObject(INVALID);
  });

  it("event teacherIds must name members of the account: 400 with a detail per id", async () => {
    const other = await createTenant();
    const stranger = await createMember(other.accountId, "teacher");
    const created = await api("POST", "/events", {
      token: tenant.admin.token,
      body: { title: "Flow", durationMinutes: 60, teacherIds: [clara.userId, stranger.userId], startsAt: FUTURE },
    });
    expect(created).toMatchObject(INVALID);
    expect(created.body.details).toEqual([{ path: "teacherIds.1", message: "Not a member of this account", code: "teacher_unknown" }]);

    const event = await createEvent({ teacherIds: [clara.userId], startsAt: FUTURE });
    const patched = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { teacherIds: ["nobody"] } });
    expect(patched).toMatchObject(INVALID);
    expect(patched.body.details).toEqual([{ path: "teacherIds.0", message: "Not a member of this account", code: "teacher_unknown" }]);
    expect((await instancesOf(event.id)).map((i) => i.teacherIds)).toEqual([[clara.userId]]);
  });
});
