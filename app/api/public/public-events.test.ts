import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type PublicInstance = { id: string; eventId: string; startsAt: string; status: string; capacity: number; bookedCount: number; spotsLeft: number };
type PublicEvent = { id: string; title: string; status: string; teacherIds: string[]; teachers: { id: string; displayName: string }[] };

const DAY = 86_400_000;
const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };
let tenant: TestTenant;
let teacher: TestMember;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  teacher = await createMember(tenant.accountId, "attendee", { displayName: "Karen Teacher" });
  await db.user.update({ where: { id: tenant.admin.userId }, data: { displayName: "Mette Admin" } });
  other = await createTenant();
});

async function post(path: string, body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", path, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** An event with one instance at `startsAt`; returns both ids. */
async function scheduleOne(startsAt: number, body: Record<string, unknown> = {}, token = tenant.admin.token) {
  const event = await post("/events", { title: "Class", durationMinutes: 60, startsAt: new Date(startsAt).toISOString(), ...body }, token);
  const instance = await db.instance.findFirstOrThrow({ where: { eventId: event.id } });
  return { eventId: event.id as string, instanceId: instance.id };
}

function patchInstance(instanceId: string, body: Record<string, unknown>) {
  return api("PATCH", `/instances/${instanceId}`, { token: tenant.admin.token, body });
}

const hour = (n: number) => Math.floor(Date.now() / 3_600_000 + n) * 3_600_000;

describe("GET /public/accounts/{slug}/events", () => {
  it("shows published events with their teachers' names and the publicly bookable instances, nothing else", async () => {
    const own = await createTenant();
    const karen = await createMember(own.accountId, "attendee", { displayName: "Karen Teacher" });
    const ole = await createMember(own.accountId, "administrator", { displayName: "Ole Teacher" });
    const published = await post("/events", { title: "Vinyasa", durationMinutes: 60, capacity: 10, teacherIds: [ole.userId, karen.userId] }, own.admin.token);
    const draft = await post("/events", { title: "Secret", durationMinutes: 60, status: "draft" }, own.admin.token);
    await post("/events", { title: "Old", durationMinutes: 60, status: "archived" }, own.admin.token);

    const series = await post(`/events/${published.id}/series`, {
      frequency: "daily",
      localStartTime: "23:00",
      timezone: "UTC",
      startsOn: new Date(Date.now() + DAY).toISOString().slice(0, 10),
      count: 6,
    }, own.admin.token);
    const [plain, cancelled, moved, grouped, nobody, booked] = series.instances as PublicInstance[];
    const token = own.admin.token;
    const group = await post("/groups", { name: "Regulars" }, token);
    expect((await api("PATCH", `/instances/${cancelled!.id}`, { token, body: { action: "cancel" } })).status).toBe(200);
    const movedTo = new Date(Date.parse(moved!.startsAt) + 30 * 60_000).toISOString();
    expect((await api("PATCH", `/instances/${moved!.id}`, { token, body: { action: "move", startsAt: movedTo } })).status).toBe(200);
    expect((await api("PATCH", `/instances/${grouped!.id}`, { token, body: { action: "bookability", audience: "groups", groupIds: [group.id] } })).status).toBe(200);
    expect((await api("PATCH", `/instances/${nobody!.id}`, { token, body: { action: "bookability", audience: "nobody" } })).status).toBe(200);
    await db.instance.update({ where: { id: booked!.id }, data: { bookedCount: 3 } });
    // an instance of the draft event, and one of another tenant's published event
    await api("POST", "/events", { token: other.admin.token, body: { title: "Elsewhere", durationMinutes: 60, startsAt: new Date(Date.now() + 2 * DAY).toISOString() } });
    const draftInstance = await post("/events", { title: "Secret 2", durationMinutes: 60, status: "draft", startsAt: new Date(Date.now() + DAY).toISOString() }, token);

    const response = await api("GET", `/public/accounts/${own.slug}/events`);

    expect(response.status).toBe(200);
    expect(response.body.events).toEqual([
      { ...published, teachers: [{ id: ole.userId, displayName: "Ole Teacher" }, { id: karen.userId, displayName: "Karen Teacher" }] },
    ]);
    const instances = response.body.instances as PublicInstance[];
    expect(instances.map((i) => [i.id, i.status])).toEqual([
      [plain!.id, "scheduled"],
      [moved!.id, "moved"],
      [booked!.id, "scheduled"],
    ]);
    // an instance names its own teachers (a substitute would show here): the event's, copied when it was created
    const teachers = [{ id: ole.userId, displayName: "Ole Teacher" }, { id: karen.userId, displayName: "Karen Teacher" }];
    expect(instances[0]).toEqual({ ...plain, spotsLeft: 10, dropInsAllowed: false, teachers });
    expect(instances[1]).toMatchObject({ startsAt: movedTo, spotsLeft: 10 });
    expect(instances[2]).toMatchObject({ bookedCount: 3, spotsLeft: 7 });
    expect(instances.map((i) => i.eventId)).not.toContain(draft.id);
    expect(instances.map((i) => i.eventId)).not.toContain(draftInstance.id);
    // never an email, never an attendee list
    expect(response.text).not.toContain("@");
    expect(response.text).not.toContain("attendee");
  });

  it("answers spotsLeft 0 when bookings exceed a lowered capacity", async () => {
    const { instanceId } = await scheduleOne(hour(5), { capacity: 4 });
    await db.instance.update({ where: { id: instanceId }, data: { bookedCount: 6 } });
    const response = await api("GET", `/public/accounts/${tenant.slug}/events`);
    expect(response.body.instances.find((i: PublicInstance) => i.id === instanceId)).toMatchObject({ capacity: 4, bookedCount: 6, spotsLeft: 0 });
  });

  it("shows teachers who are still members only, and no unknown ids", async () => {
    const own = await createTenant();
    const leaving = await createMember(own.accountId, "attendee", { displayName: "Leaving" });
    const staying = await createMember(own.accountId, "attendee", { displayName: "Staying" });
    const event = await post("/events", { title: "Yin", durationMinutes: 60, teacherIds: [leaving.userId, staying.userId] }, own.admin.token);
    await db.membership.delete({ where: { accountId_userId: { accountId: own.accountId, userId: leaving.userId } } });
    const response = await api("GET", `/public/accounts/${own.slug}/events`);
    expect(response.body.events).toEqual([{ ...event, teachers: [{ id: staying.userId, displayName: "Staying" }] }]);
  });

  it("lists now to 90 days ahead by default, in chronological order", async () => {
    const own = await createTenant();
    const t = own.admin.token;
    await scheduleOne(hour(-2), {}, t);
    const later = await scheduleOne(hour(30), {}, t);
    const sooner = await scheduleOne(hour(3), {}, t);
    const edge = await scheduleOne(Date.now() + 89 * DAY, {}, t);
    await scheduleOne(Date.now() + 91 * DAY, {}, t);
    const response = await api("GET", `/public/accounts/${own.slug}/events`);
    expect(response.status).toBe(200);
    expect(response.body.instances.map((i: PublicInstance) => i.id)).toEqual([sooner.instanceId, later.instanceId, edge.instanceId]);
    expect(response.body.events).toHaveLength(5);
  });

  it("takes from and to with the rules of GET /instances", async () => {
    const own = await createTenant();
    const t = own.admin.token;
    const first = await scheduleOne(Date.parse("2031-05-01T10:00:00Z"), {}, t);
    const second = await scheduleOne(Date.parse("2031-05-02T10:00:00Z"), {}, t);
    const window = await api("GET", `/public/accounts/${own.slug}/events?from=2031-05-01T10:00:00Z&to=2031-05-02T10:00:00Z`);
    expect(window.body.instances.map((i: PublicInstance) => i.id)).toEqual([first.instanceId]);
    const onlyFrom = await api("GET", `/public/accounts/${own.slug}/events?from=2031-05-01T10:00:01Z`);
    expect(onlyFrom.body.instances.map((i: PublicInstance) => i.id)).toEqual([second.instanceId]);
    for (const query of ["from=2031-05-02T00:00:00Z&to=2031-05-01T00:00:00Z", "from=2031-01-01T00:00:00Z&to=2032-01-03T00:00:00Z", "from=soon"]) {
      expect(await api("GET", `/public/accounts/${own.slug}/events?${query}`)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
  });

  it("shows one tenant's programme only", async () => {
    const mine = await scheduleOne(hour(6));
    const theirs = await scheduleOne(hour(6), {}, other.admin.token);
    const own = (await api("GET", `/public/accounts/${tenant.slug}/events`)).body;
    const foreign = (await api("GET", `/public/accounts/${other.slug}/events`)).body;
    expect(own.instances.map((i: PublicInstance) => i.id)).toContain(mine.instanceId);
    expect(own.instances.map((i: PublicInstance) => i.id)).not.toContain(theirs.instanceId);
    expect(own.events.map((e: PublicEvent) => e.id)).not.toContain(theirs.eventId);
    expect(foreign.instances.map((i: PublicInstance) => i.id)).toContain(theirs.instanceId);
    expect(foreign.instances.map((i: PublicInstance) => i.id)).not.toContain(mine.instanceId);
    expect(foreign.events.map((e: PublicEvent) => e.id)).not.toContain(mine.eventId);
  });

  it("shows a teacher's display name and never the email", async () => {
    const event = await post("/events", { title: "With teacher", durationMinutes: 45, teacherIds: [teacher.userId] });
    const response = await api("GET", `/public/accounts/${tenant.slug}/events`);
    const shown = response.body.events.find((e: PublicEvent) => e.id === event.id);
    expect(shown.teachers).toEqual([{ id: teacher.userId, displayName: "Karen Teacher" }]);
    expect(response.text).not.toContain(teacher.email);
    expect(response.text).not.toContain(tenant.admin.email);
  });

  it("answers 404 for an unknown slug, a suspended account and an account id; ignores credentials", async () => {
    const suspended = await createTenant();
    await db.account.update({ where: { id: suspended.accountId }, data: { status: "suspended" } });
    expect(await api("GET", "/public/accounts/no-such-studio/events")).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/public/accounts/${suspended.slug}/events`)).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/public/accounts/${tenant.accountId}/events`)).toMatchObject(NOT_FOUND);
    expect((await api("GET", `/public/accounts/${tenant.slug}/events`, { token: "garbage" })).status).toBe(200);
    expect(await api("POST", `/public/accounts/${tenant.slug}/events`, { body: {} })).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
  });

  it("omits a cancelled instance of a published event also after a rule change of its series", async () => {
    const { eventId, instanceId: oneOff } = await scheduleOne(hour(2));
    const created = await post(`/events/${eventId}/series`, {
      frequency: "daily",
      localStartTime: "21:00",
      timezone: "UTC",
      startsOn: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
      count: 3,
    });
    const [, cancelled] = created.instances as PublicInstance[];
    expect((await patchInstance(cancelled!.id, { action: "cancel" })).status).toBe(200);
    expect((await api("PATCH", `/series/${created.series.id}`, { token: tenant.admin.token, body: { localStartTime: "20:00" } })).status).toBe(200);
    const response = await api("GET", `/public/accounts/${tenant.slug}/events`);
    const ids = response.body.instances.map((i: PublicInstance) => i.id);
    expect(ids).not.toContain(cancelled!.id);
    // The one-off instance is left out: between 18:00 and 19:00 UTC it too starts at 20:00.
    const ofSeries = response.body.instances.filter(
      (i: PublicInstance) => i.eventId === eventId && i.id !== oneOff && i.startsAt.endsWith("T20:00:00.000Z"),
    );
    expect(ofSeries).toHaveLength(2);
  });
});
