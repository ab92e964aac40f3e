import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type InstanceBody = { id: string; eventId: string; startsAt: string; endsAt: string; status: string; audience: string; groupIds: string[] };

const DAY = 86_400_000;
let tenant: TestTenant;
let attendee: TestMember;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  other = await createTenant();
});

/** Creates an event with one instance at `startsAt` and returns that instance. */
async function scheduleOne(startsAt: Date | string, options: { token?: string; durationMinutes?: number; status?: string } = {}) {
  const token = options.token ?? tenant.admin.token;
  const iso = new Date(startsAt).toISOString();
  const event = await api("POST", "/events", {
    token,
    body: { title: "Class", durationMinutes: options.durationMinutes ?? 60, startsAt: iso, ...(options.status ? { status: options.status } : {}) },
  });
  expect(event.status).toBe(201);
  const list = await api("GET", `/instances?from=${encodeURIComponent(iso)}&to=${encodeURIComponent(new Date(new Date(iso).getTime() + 1).toISOString())}`, { token });
  const instance = (list.body as InstanceBody[]).find((i) => i.eventId === event.body.id);
  expect(instance).toBeDefined();
  return instance!;
}

function listIds(body: InstanceBody[]): string[] {
  return body.map((i) => i.id);
}

async function patch(instanceId: string, body: unknown, token = tenant.admin.token) {
  return api("PATCH", `/instances/${instanceId}`, { token, body });
}

describe("GET /instances", () => {
  let own: TestTenant;
  beforeAll(async () => {
    own = await createTenant();
  });

  it("includes an instance exactly at `from` and excludes one exactly at `to`", async () => {
    const from = "2030-01-10T09:00:00.000Z";
    const to = "2030-01-11T09:00:00.000Z";
    const atFrom = await scheduleOne(from, { token: own.admin.token });
    const justBeforeTo = await scheduleOne(new Date(new Date(to).getTime() - 1), { token: own.admin.token });
    await scheduleOne(to, { token: own.admin.token });
    await scheduleOne(new Date(new Date(from).getTime() - 1), { token: own.admin.token });
    const response = await api("GET", `/instances?from=${from}&to=${to}`, { token: own.admin.token });
    expect(response.status).toBe(200);
    expect(listIds(response.body)).toEqual([atFrom.id, justBeforeTo.id]);
  });

  it("lists in chronological order, then by id, whatever the creation order", async () => {
    const late = await scheduleOne("2030-02-01T18:00:00Z", { token: own.admin.token });
    const early = await scheduleOne("2030-02-01T07:00:00Z", { token: own.admin.token });
    const tieA = await scheduleOne("2030-02-01T12:00:00Z", { token: own.admin.token });
    const tieB = await scheduleOne("2030-02-01T12:00:00Z", { token: own.admin.token });
    const ties = [tieA.id, tieB.id].sort();
    const response = await api("GET", "/instances?from=2030-02-01T00:00:00Z&to=2030-02-02T00:00:00Z", { token: own.admin.token });
    expect(listIds(response.body)).toEqual([early.id, ...ties, late.id]);
  });

  it("lists instances of every status and of unpublished events, to any member", async () => {
    const member = await createMember(own.accountId, "attendee");
    const draft = await scheduleOne("2030-03-01T08:00:00Z", { token: own.admin.token, status: "draft" });
    const cancelled = await scheduleOne("2030-03-01T09:00:00Z", { token: own.admin.token });
    const moved = await scheduleOne("2030-03-01T10:00:00Z", { token: own.admin.token, status: "archived" });
    expect((await patch(cancelled.id, { action: "cancel" }, own.admin.token)).status).toBe(200);
    expect((await patch(moved.id, { action: "move", startsAt: "2030-03-01T11:00:00Z" }, own.admin.token)).status).toBe(200);
    const response = await api("GET", "/instances?from=2030-03-01T00:00:00Z&to=2030-03-02T00:00:00Z", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.map((i: InstanceBody) => [i.id, i.status])).toEqual([
      [draft.id, "scheduled"],
      [cancelled.id, "cancelled"],
      [moved.id, "moved"],
    ]);
  });

  it("defaults to now until 90 days ahead", async () => {
    const fresh = await createTenant();
    const now = Date.now();
    await scheduleOne(new Date(now - DAY), { token: fresh.admin.token });
    const soon = await scheduleOne(new Date(now + DAY), { token: fresh.admin.token });
    const within = await scheduleOne(new Date(now + 89 * DAY), { token: fresh.admin.token });
    await scheduleOne(new Date(now + 91 * DAY), { token: fresh.admin.token });
    const response = await api("GET", "/instances", { token: fresh.admin.token });
    expect(response.status).toBe(200);
    expect(listIds(response.body)).toEqual([soon.id, within.id]);
  });

  it("with only `from` lists 90 days from it; with only `to` the 90 days before it", async () => {
    const fresh = await createTenant();
    const from = new Date("2031-01-01T00:00:00Z").getTime();
    const inside = await scheduleOne(new Date(from + 89 * DAY), { token: fresh.admin.token });
    const after = await scheduleOne(new Date(from + 90 * DAY), { token: fresh.admin.token });
    const onlyFrom = await api("GET", `/instances?from=${new Date(from).toISOString()}`, { token: fresh.admin.token });
    expect(listIds(onlyFrom.body)).toEqual([inside.id]);

    // `to` − 90 days is exactly `after`'s start: included; `inside` lies before it.
    const to = new Date(from + 180 * DAY).toISOString();
    const onlyTo = await api("GET", `/instances?to=${to}`, { token: fresh.admin.token });
    expect(listIds(onlyTo.body)).toEqual([after.id]);
  });

  it("accepts a range of exactly 366 days and answers 400 beyond it", async () => {
    const from = new Date("2032-01-01T00:00:00Z");
    const exact = new Date(from.getTime() + 366 * DAY).toISOString();
    const beyond = new Date(from.getTime() + 366 * DAY + 1000).toISOString();
    expect(await api("GET", `/instances?from=${from.toISOString()}&to=${exact}`, { token: tenant.admin.token })).toMatchObject({ status: 200 });
    const response = await api("GET", `/instances?from=${from.toISOString()}&to=${beyond}`, { token: tenant.admin.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Validation failed", details: [{ path: "to", message: "The range may span at most 366 days", code: "range_too_long", params: { maximum: 366 } }] });
  });

  it.each([
    ["`from` equal to `to`", "from=2030-01-01T00:00:00Z&to=2030-01-01T00:00:00Z"],
    ["`from` after `to`", "from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z"],
    ["`from` that is not a date-time", "from=yesterday"],
    ["`to` that is a date only", "to=2030-01-01"],
    ["an empty `seriesId`", "seriesId="],
  ])("answers 400 for %s", async (_case, query) => {
    expect(await api("GET", `/instances?${query}`, { token: tenant.admin.token })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("filters by seriesId", async () => {
    const fresh = await createTenant();
    const event = await api("POST", "/events", { token: fresh.admin.token, body: { title: "Weekly", durationMinutes: 60 } });
    const series = await db.series.create({
      data: {
        accountId: fresh.accountId,
        eventId: event.body.id,
        frequency: "weekly",
        weekdays: [1],
        localStartTime: "08:00",
        durationMinutes: 60,
        timezone: "Europe/Copenhagen",
        startsOn: new Date("2030-04-01"),
        count: 2,
        capacity: 20,
      },
    });
    const times = ["2030-04-01T06:00:00Z", "2030-04-08T06:00:00Z"].map((t) => new Date(t));
    const occurrences = await Promise.all(
      times.map((startsAt) =>
        db.instance.create({
          data: { accountId: fresh.accountId, eventId: event.body.id, seriesId: series.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), capacity: 20 },
        }),
      ),
    );
    const loose = await scheduleOne("2030-04-02T06:00:00Z", { token: fresh.admin.token });
    const range = "from=2030-04-01T00:00:00Z&to=2030-04-30T00:00:00Z";
    const filtered = await api("GET", `/instances?${range}&seriesId=${series.id}`, { token: fresh.admin.token });
    expect(listIds(filtered.body)).toEqual(occurrences.map((o) => o.id));
    expect(filtered.body[0]).toMatchObject({ seriesId: series.id });
    const all = await api("GET", `/instances?${range}`, { token: fresh.admin.token });
    expect(listIds(all.body)).toEqual([occurrences[0]!.id, loose.id, occurrences[1]!.id]);
    const foreign = await api("GET", `/instances?${range}&seriesId=${series.id}`, { token: other.admin.token });
    expect(foreign).toMatchObject({ status: 200, body: [] });
  });

  it("shows another tenant none of this tenant's instances", async () => {
    const fresh = await createTenant();
    await scheduleOne(new Date(Date.now() + DAY));
    expect(await api("GET", "/instances", { token: fresh.admin.token })).toMatchObject({ status: 200, body: [] });
  });

  it("answers 401 without or with a bad token", async () => {
    expect(await api("GET", "/instances")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("GET", "/instances", { token: "nope" })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /instances/{instanceId}", () => {
  async function exceptionsOf(instanceId: string) {
    const response = await api("GET", `/instance-exceptions?instanceId=${instanceId}`, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    return response.body as { type: string; originalStartsAt: string; replacementStartsAt: string | null }[];
  }

  it("moves an instance, keeping its duration, and records a move", async () => {
    const instance = await scheduleOne("2030-06-01T08:00:00Z", { durationMinutes: 75 });
    const response = await patch(instance.id, { action: "move", startsAt: "2030-06-02T10:30:00+02:00" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: instance.id,
      startsAt: "2030-06-02T08:30:00.000Z",
      endsAt: "2030-06-02T09:45:00.000Z",
      status: "moved",
    });
    expect(await exceptionsOf(instance.id)).toEqual([
      expect.objectContaining({ type: "move", originalStartsAt: "2030-06-01T08:00:00.000Z", replacementStartsAt: "2030-06-02T08:30:00.000Z" }),
    ]);
  });

  it("moves twice and restores to the very first time", async () => {
    const instance = await scheduleOne("2030-06-05T08:00:00Z");
    await patch(instance.id, { action: "move", startsAt: "2030-06-05T09:00:00Z" });
    const second = await patch(instance.id, { action: "move", startsAt: "2030-06-05T10:00:00Z" });
    expect(second).toMatchObject({ status: 200, body: { status: "moved", startsAt: "2030-06-05T10:00:00.000Z" } });
    const restored = await patch(instance.id, { action: "restore" });
    expect(restored).toMatchObject({
      status: 200,
      body: { status: "scheduled", startsAt: "2030-06-05T08:00:00.000Z", endsAt: "2030-06-05T09:00:00.000Z" },
    });
    expect((await exceptionsOf(instance.id)).map((e) => [e.type, e.originalStartsAt, e.replacementStartsAt])).toEqual([
      ["move", "2030-06-05T08:00:00.000Z", "2030-06-05T09:00:00.000Z"],
      ["move", "2030-06-05T09:00:00.000Z", "2030-06-05T10:00:00.000Z"],
      ["restore", "2030-06-05T10:00:00.000Z", "2030-06-05T08:00:00.000Z"],
    ]);
    // After a restore the instance is unchanged again: a later move starts from the restored time.
    await patch(instance.id, { action: "move", startsAt: "2030-06-05T12:00:00Z" });
    expect(await patch(instance.id, { action: "restore" })).toMatchObject({ body: { startsAt: "2030-06-05T08:00:00.000Z" } });
  });

  it("cancels an instance and records a cancellation; its siblings are unchanged", async () => {
    const instance = await scheduleOne("2030-06-10T08:00:00Z");
    const sibling = await scheduleOne("2030-06-10T10:00:00Z");
    const response = await patch(instance.id, { action: "cancel" });
    expect(response).toMatchObject({ status: 200, body: { id: instance.id, status: "cancelled", startsAt: instance.startsAt, endsAt: instance.endsAt } });
    expect(await exceptionsOf(instance.id)).toEqual([
      expect.objectContaining({ type: "cancel", originalStartsAt: "2030-06-10T08:00:00.000Z", replacementStartsAt: null }),
    ]);
    const listed = await api("GET", "/instances?from=2030-06-10T00:00:00Z&to=2030-06-11T00:00:00Z", { token: tenant.admin.token });
    expect(listed.body.find((i: InstanceBody) => i.id === sibling.id)).toEqual(sibling);
  });

  it("restores a cancelled instance to scheduled", async () => {
    const instance = await scheduleOne("2030-06-11T08:00:00Z");
    await patch(instance.id, { action: "cancel" });
    const restored = await patch(instance.id, { action: "restore" });
    expect(restored).toMatchObject({ status: 200, body: { status: "scheduled", startsAt: "2030-06-11T08:00:00.000Z" } });
    expect((await exceptionsOf(instance.id)).map((e) => [e.type, e.replacementStartsAt])).toEqual([
      ["cancel", null],
      ["restore", null],
    ]);
  });

  it("restores a moved-then-cancelled instance to its original time", async () => {
    const instance = await scheduleOne("2030-06-12T08:00:00Z");
    await patch(instance.id, { action: "move", startsAt: "2030-06-13T08:00:00Z" });
    expect(await patch(instance.id, { action: "cancel" })).toMatchObject({ status: 200, body: { status: "cancelled" } });
    expect(await patch(instance.id, { action: "restore" })).toMatchObject({
      status: 200,
      body: { status: "scheduled", startsAt: "2030-06-12T08:00:00.000Z" },
    });
  });

  it("answers 409 when moving or cancelling a cancelled instance, and changes nothing", async () => {
    const instance = await scheduleOne("2030-06-15T08:00:00Z");
    await patch(instance.id, { action: "cancel" });
    expect(await patch(instance.id, { action: "move", startsAt: "2030-06-16T08:00:00Z" })).toEqual(
      expect.objectContaining({ status: 409, body: { error: "Instance is cancelled" } }),
    );
    expect(await patch(instance.id, { action: "cancel" })).toEqual(expect.objectContaining({ status: 409, body: { error: "Instance is cancelled" } }));
    const listed = await api("GET", "/instances?from=2030-06-15T00:00:00Z&to=2030-06-17T00:00:00Z", { token: tenant.admin.token });
    expect(listed.body.find((i: InstanceBody) => i.id === instance.id)).toMatchObject({ status: "cancelled", startsAt: "2030-06-15T08:00:00.000Z" });
    expect((await exceptionsOf(instance.id)).map((e) => e.type)).toEqual(["cancel"]);
  });

  it("answers 409 when restoring an instance that was never cancelled or moved", async () => {
    const instance = await scheduleOne("2030-06-18T08:00:00Z");
    expect(await patch(instance.id, { action: "restore" })).toEqual(
      expect.objectContaining({ status: 409, body: { error: "Instance is not cancelled or moved" } }),
    );
    expect(await exceptionsOf(instance.id)).toEqual([]);
  });

  it("restricts bookability to groups of the account, and everyone or nobody clears the groups", async () => {
    const instance = await scheduleOne("2030-06-20T08:00:00Z");
    const [teens, seniors] = await Promise.all(
      ["Teens", "Seniors"].map((name) => db.group.create({ data: { accountId: tenant.accountId, name } })),
    );
    const groups = await patch(instance.id, { action: "bookability", audience: "groups", groupIds: [teens!.id, seniors!.id, teens!.id] });
    expect(groups).toMatchObject({ status: 200, body: { audience: "groups", groupIds: [teens!.id, seniors!.id], status: "scheduled" } });
    const nobody = await patch(instance.id, { action: "bookability", audience: "nobody" });
    expect(nobody).toMatchObject({ status: 200, body: { audience: "nobody", groupIds: [] } });
    await patch(instance.id, { action: "bookability", audience: "groups", groupIds: [teens!.id] });
    const everyone = await patch(instance.id, { action: "bookability", audience: "everyone", groupIds: [teens!.id, "ignored"] });
    expect(everyone).toMatchObject({ status: 200, body: { audience: "everyone", groupIds: [] } });
    expect(await exceptionsOf(instance.id)).toEqual([]);
  });

  it("changes bookability of a cancelled instance without changing its status", async () => {
    const instance = await scheduleOne("2030-06-21T08:00:00Z");
    await patch(instance.id, { action: "cancel" });
    expect(await patch(instance.id, { action: "bookability", audience: "nobody" })).toMatchObject({
      status: 200,
      body: { status: "cancelled", audience: "nobody" },
    });
  });

  it("answers 400 for groups of another account, unknown groups or an empty group list", async () => {
    const instance = await scheduleOne("2030-06-22T08:00:00Z");
    const foreign = await db.group.create({ data: { accountId: other.accountId, name: "Theirs" } });
    expect(await patch(instance.id, { action: "bookability", audience: "groups", groupIds: [foreign.id] })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { error: "Validation failed", details: [{ path: "groupIds.0", message: "Not a group of this account", code: "group_unknown" }] },
      }),
    );
    expect(await patch(instance.id, { action: "bookability", audience: "groups", groupIds: ["unknown"] })).toMatchObject({ status: 400 });
    expect(await patch(instance.id, { action: "bookability", audience: "groups", groupIds: [] })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await patch(instance.id, { action: "bookability", audience: "groups" })).toMatchObject({ status: 400 });
  });

  it.each([
    ["no action", {}],
    ["an unknown action", { action: "delete" }],
    ["move without startsAt", { action: "move" }],
    ["move with a malformed startsAt", { action: "move", startsAt: "soon" }],
    ["cancel with startsAt", { action: "cancel", startsAt: "2030-01-01T00:00:00Z" }],
    ["bookability without audience", { action: "bookability" }],
    ["an unknown audience", { action: "bookability", audience: "members" }],
    ["an accountId", { action: "cancel", accountId: "x" }],
    ["a status", { action: "restore", status: "scheduled" }],
    ["groupIds that is not an array", { action: "bookability", audience: "groups", groupIds: "g1" }],
  ])("answers 400 for %s", async (_case, body) => {
    const instance = await scheduleOne("2030-06-25T08:00:00Z");
    expect(await patch(instance.id, body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const instance = await scheduleOne("2030-06-26T08:00:00Z");
    expect(await api("PATCH", `/instances/${instance.id}`, { token: tenant.admin.token, rawBody: '{"action":' })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    const groupIds = Array.from({ length: 3000 }, (_, i) => `group-${i}-${"x".repeat(40)}`);
    expect(
      await api("PATCH", `/instances/${instance.id}`, { token: tenant.admin.token, rawBody: JSON.stringify({ action: "bookability", audience: "groups", groupIds }) }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 404 for an unknown id and for another tenant's admin, and changes nothing", async () => {
    const instance = await scheduleOne("2030-06-27T08:00:00Z");
    const otherGroup = await db.group.create({ data: { accountId: other.accountId, name: "Their group" } });
    expect(await patch("unknown", { action: "cancel" })).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    for (const body of [
      { action: "cancel" },
      { action: "move", startsAt: "2030-06-28T08:00:00Z" },
      { action: "restore" },
      { action: "bookability", audience: "nobody" },
      { action: "bookability", audience: "groups", groupIds: [otherGroup.id] },
    ]) {
      expect(await patch(instance.id, body, other.admin.token)).toEqual(
        expect.objectContaining({ status: 404, body: { error: "Resource not found" } }),
      );
    }
    const listed = await api("GET", "/instances?from=2030-06-27T00:00:00Z&to=2030-06-28T00:00:00Z", { token: tenant.admin.token });
    expect(listed.body.find((i: InstanceBody) => i.id === instance.id)).toEqual(instance);
    expect(await exceptionsOf(instance.id)).toEqual([]);
  });

  it("answers 401 without a token and 403 for an attendee", async () => {
    const instance = await scheduleOne("2030-06-29T08:00:00Z");
    expect(await api("PATCH", `/instances/${instance.id}`, { body: { action: "cancel" } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await patch(instance.id, { action: "cancel" }, attendee.token)).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });

  it("applies concurrent changes one after the other: exactly one of two cancels succeeds", async () => {
    const instance = await scheduleOne("2030-06-30T08:00:00Z");
    const results = await Promise.all([patch(instance.id, { action: "cancel" }), patch(instance.id, { action: "cancel" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await exceptionsOf(instance.id)).map((e) => e.type)).toEqual(["cancel"]);
  });
});
