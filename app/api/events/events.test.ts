import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let attendee: TestMember;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  other = await createTenant();
});

async function post(path: string, body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", path, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe("POST /events", () => {
  it("creates a published definition with the defaults and no instance without startsAt", async () => {
    const own = await createTenant();
    const response = await api("POST", "/events", { token: own.admin.token, body: { title: " Vinyasa ", durationMinutes: 60 } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: own.accountId,
      title: "Vinyasa",
      description: "",
      teacherIds: [],
      location: "",
      locationId: null,
      durationMinutes: 60,
      capacity: 20,
      dropInsAllowed: false,
      status: "published",
    });
    const instances = await api("GET", "/instances", { token: own.admin.token });
    expect(instances).toMatchObject({ status: 200, body: [] });
  });

  it("with startsAt also creates one instance of the event's duration and capacity, open to everyone", async () => {
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCMilliseconds(0);
    const event = await post("/events", { title: "Ashtanga", durationMinutes: 75, capacity: 14, startsAt: startsAt.toISOString() });
    const instances = await api("GET", "/instances", { token: tenant.admin.token });
    const created = instances.body.filter((i: { eventId: string }) => i.eventId === event.id);
    expect(created).toEqual([
      {
        id: expect.any(String),
        accountId: tenant.accountId,
        eventId: event.id,
        seriesId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 75 * 60_000).toISOString(),
        capacity: 14,
        status: "scheduled",
        audience: "everyone",
        groupIds: [],
        teacherIds: [],
        bookedCount: 0,
        waitlistCount: 0,
        dropInsAllowed: false,
      },
    ]);
  });

  it("accepts startsAt with an offset and stores it in UTC", async () => {
    const event = await post("/events", { title: "Offset", durationMinutes: 30, startsAt: "2027-03-01T09:00:00+01:00" });
    const instances = await api("GET", "/instances?from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z", { token: tenant.admin.token });
    expect(instances.body.find((i: { eventId: string }) => i.eventId === event.id)).toMatchObject({
      startsAt: "2027-03-01T08:00:00.000Z",
      endsAt: "2027-03-01T08:30:00.000Z",
    });
  });

  it("takes name and capacity from a chosen location; an explicit capacity wins", async () => {
    const location = await post("/locations", { name: "Big Room", capacity: 35 });
    const fromLocation = await post("/events", { title: "Flow", durationMinutes: 60, locationId: location.id, location: "ignored" });
    expect(fromLocation).toMatchObject({ location: "Big Room", locationId: location.id, capacity: 35 });
    const explicit = await post("/events", { title: "Small flow", durationMinutes: 60, locationId: location.id, capacity: 10 });
    expect(explicit).toMatchObject({ location: "Big Room", locationId: location.id, capacity: 10 });
  });

  it("stores a free-text location without a locationId", async () => {
    const event = await post("/events", { title: "Park yoga", durationMinutes: 45, location: "Fælledparken" });
    expect(event).toMatchObject({ location: "Fælledparken", locationId: null, capacity: 20 });
  });

  it("accepts teachers of either persona of the account and every status", async () => {
    const teacher = await createMember(tenant.accountId, "attendee");
    const event = await post("/events", {
      title: "Workshop",
      description: "Arm balances",
      durationMinutes: 120,
      teacherIds: [tenant.admin.userId, teacher.userId],
      status: "draft",
    });
    expect(event).toMatchObject({ description: "Arm balances", teacherIds: [tenant.admin.userId, teacher.userId], status: "draft" });
    expect(await post("/events", { title: "Old", durationMinutes: 60, status: "archived" })).toMatchObject({ status: "archived" });
  });

  it("answers 400 with details for a teacher who is not a member of the account", async () => {
    const response = await api("POST", "/events", {
      token: tenant.admin.token,
      body: { title: "Guest", durationMinutes: 60, teacherIds: [tenant.admin.userId, other.admin.userId] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Validation failed", details: [{ path: "teacherIds.1", message: "Not a member of this account", code: "teacher_unknown" }] });
  });

  it("answers 400 with details for a location of another tenant or an unknown one", async () => {
    const foreign = await post("/locations", { name: "Theirs", capacity: 99 }, other.admin.token);
    for (const locationId of [foreign.id, "no-such-location"]) {
      const response = await api("POST", "/events", { token: tenant.admin.token, body: { title: "X", durationMinutes: 60, locationId } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: "Validation failed", details: [{ path: "locationId", message: "Not a location of this account", code: "location_unknown" }] });
    }
  });

  it("creates nothing when the request is rejected", async () => {
    const own = await createTenant();
    await api("POST", "/events", {
      token: own.admin.token,
      body: { title: "Rejected", durationMinutes: 60, teacherIds: ["nobody"], startsAt: "2027-01-01T10:00:00Z" },
    });
    expect((await api("GET", "/events", { token: own.admin.token })).body).toEqual([]);
    expect(await db.instance.count({ where: { accountId: own.accountId } })).toBe(0);
  });

  it.each([
    ["no title", { durationMinutes: 60 }],
    ["no durationMinutes", { title: "A" }],
    ["zero durationMinutes", { title: "A", durationMinutes: 0 }],
    ["negative durationMinutes", { title: "A", durationMinutes: -30 }],
    ["fractional durationMinutes", { title: "A", durationMinutes: 60.5 }],
    ["a zero capacity", { title: "A", durationMinutes: 60, capacity: 0 }],
    ["capacity as a string", { title: "A", durationMinutes: 60, capacity: "10" }],
    ["an unknown status", { title: "A", durationMinutes: 60, status: "live" }],
    ["teacherIds that is not an array", { title: "A", durationMinutes: 60, teacherIds: "someone" }],
    ["startsAt that is not a date-time", { title: "A", durationMinutes: 60, startsAt: "tomorrow" }],
    ["startsAt without a time zone", { title: "A", durationMinutes: 60, startsAt: "2027-01-01T10:00:00" }],
    ["an accountId", { title: "A", durationMinutes: 60, accountId: "x" }],
    ["an id", { title: "A", durationMinutes: 60, id: "x" }],
  ])("answers 400 for %s", async (_case, body) => {
    expect(await api("POST", "/events", { token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/events", { token: tenant.admin.token, rawBody: '{"title":"A",' })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(
      await api("POST", "/events", { token: tenant.admin.token, rawBody: JSON.stringify({ title: "A", durationMinutes: 5, description: "x".repeat(101 * 1024) }) }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 without or with a bad token and 403 for an attendee", async () => {
    const body = { title: "A", durationMinutes: 60 };
    expect(await api("POST", "/events", { body })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("POST", "/events", { token: "bogus", body })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("POST", "/events", { token: attendee.token, body })).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });
});

describe("GET /events", () => {
  it("lists the definitions of every status of the account only, to any member", async () => {
    const own = await createTenant();
    const member = await createMember(own.accountId, "attendee");
    const draft = await post("/events", { title: "Draft", durationMinutes: 60, status: "draft" }, own.admin.token);
    const published = await post("/events", { title: "Published", durationMinutes: 60 }, own.admin.token);
    await post("/events", { title: "Foreign", durationMinutes: 60 }, other.admin.token);
    const response = await api("GET", "/events", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([draft, published]);
  });

  it("shows another tenant none of this tenant's events and answers 401 without a token", async () => {
    await post("/events", { title: "Hidden", durationMinutes: 60 });
    const fresh = await createTenant();
    expect(await api("GET", "/events", { token: fresh.admin.token })).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", "/events")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /events/{eventId}", () => {
  it("edits only the fields sent", async () => {
    const event = await post("/events", { title: "Hatha", description: "Slow", durationMinutes: 60, capacity: 12 });
    const response = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { title: "Hatha II", status: "draft" } });
    expect(response).toMatchObject({
      status: 200,
      body: { ...event, title: "Hatha II", status: "draft" },
    });
  });

  it("a chosen location supplies its name and capacity unless capacity is explicit", async () => {
    const location = await post("/locations", { name: "Studio 2", capacity: 16 });
    const event = await post("/events", { title: "Pilates", durationMinutes: 50, location: "Old place", capacity: 9 });
    const chosen = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { locationId: location.id } });
    expect(chosen).toMatchObject({ status: 200, body: { location: "Studio 2", locationId: location.id, capacity: 16 } });
    const explicit = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { locationId: location.id, capacity: 6 } });
    expect(explicit).toMatchObject({ status: 200, body: { location: "Studio 2", capacity: 6 } });
    const capacityOnly = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { capacity: 7 } });
    expect(capacityOnly).toMatchObject({ status: 200, body: { location: "Studio 2", locationId: location.id, capacity: 7 } });
  });

  it("locationId null detaches the location and keeps the location text", async () => {
    const location = await post("/locations", { name: "Roof", capacity: 11 });
    const event = await post("/events", { title: "Sun", durationMinutes: 60, locationId: location.id });
    const detached = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { locationId: null } });
    expect(detached).toMatchObject({ status: 200, body: { location: "Roof", locationId: null, capacity: 11 } });
  });

  it("keeps the copied name and capacity when the location is later edited or archived", async () => {
    const location = await post("/locations", { name: "Garden", capacity: 25 });
    const event = await post("/events", { title: "Outdoor", durationMinutes: 60, locationId: location.id });
    await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, body: { name: "Backyard", capacity: 5, status: "archived" } });
    const events = await api("GET", "/events", { token: tenant.admin.token });
    expect(events.body.find((e: { id: string }) => e.id === event.id)).toMatchObject({ location: "Garden", capacity: 25, locationId: location.id });
  });

  it("does not rewrite existing instances", async () => {
    const startsAt = "2027-05-03T08:00:00.000Z";
    const event = await post("/events", { title: "Fixed", durationMinutes: 60, capacity: 10, startsAt });
    const changed = await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { durationMinutes: 90, capacity: 30 } });
    expect(changed).toMatchObject({ status: 200, body: { durationMinutes: 90, capacity: 30 } });
    const instances = await api("GET", "/instances?from=2027-05-03T00:00:00Z&to=2027-05-04T00:00:00Z", { token: tenant.admin.token });
    expect(instances.body.find((i: { eventId: string }) => i.eventId === event.id)).toMatchObject({
      startsAt,
      endsAt: "2027-05-03T09:00:00.000Z",
      capacity: 10,
    });
  });

  it("answers 400 for teachers or a location outside the account and leaves the event unchanged", async () => {
    const event = await post("/events", { title: "Checked", durationMinutes: 60 });
    const foreignLocation = await post("/locations", { name: "Theirs" }, other.admin.token);
    expect(await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { teacherIds: [other.admin.userId] } })).toMatchObject({
      status: 400,
      body: { error: "Validation failed", details: [{ path: "teacherIds.0", message: "Not a member of this account", code: "teacher_unknown" }] },
    });
    expect(await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body: { locationId: foreignLocation.id } })).toMatchObject({
      status: 400,
      body: { error: "Validation failed", details: [{ path: "locationId", message: "Not a location of this account", code: "location_unknown" }] },
    });
    const events = await api("GET", "/events", { token: tenant.admin.token });
    expect(events.body.find((e: { id: string }) => e.id === event.id)).toEqual(event);
  });

  it.each([
    ["startsAt (create only)", { startsAt: "2027-01-01T10:00:00Z" }],
    ["an accountId", { accountId: "x" }],
    ["negative durationMinutes", { durationMinutes: -5 }],
    ["an empty title", { title: "" }],
    ["a null capacity", { capacity: null }],
  ])("answers 400 for %s", async (_case, body) => {
    const event = await post("/events", { title: "Strict", durationMinutes: 60 });
    expect(await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("answers 404 for an unknown id and for another tenant's admin", async () => {
    const event = await post("/events", { title: "Mine", durationMinutes: 60 });
    expect(await api("PATCH", "/events/unknown", { token: tenant.admin.token, body: { title: "X" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await api("PATCH", `/events/${event.id}`, { token: other.admin.token, body: { title: "Stolen" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    const events = await api("GET", "/events", { token: tenant.admin.token });
    expect(events.body.find((e: { id: string }) => e.id === event.id)).toMatchObject({ title: "Mine" });
  });

  it("answers 400 for malformed JSON, 401 without a token and 403 for an attendee", async () => {
    const event = await post("/events", { title: "Guarded", durationMinutes: 60 });
    expect(await api("PATCH", `/events/${event.id}`, { token: tenant.admin.token, rawBody: "[" })).toMatchObject({ status: 400 });
    expect(await api("PATCH", `/events/${event.id}`, { body: { title: "X" } })).toMatchObject({ status: 401 });
    expect(await api("PATCH", `/events/${event.id}`, { token: attendee.token, body: { title: "X" } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});
