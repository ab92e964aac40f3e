import { beforeAll, describe, expect, it } from "vitest";
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

async function createPreset(body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", "/duration-presets", { token, body });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; minutes: number };
}

describe("POST /duration-presets", () => {
  it("creates an active preset", async () => {
    const response = await api("POST", "/duration-presets", { token: tenant.admin.token, body: { name: "Standard", minutes: 60 } });
    expect(response).toMatchObject({ status: 201 });
    expect(response.body).toEqual({ id: expect.any(String), accountId: tenant.accountId, name: "Standard", minutes: 60, status: "active" });
  });

  it.each([
    ["no minutes", { name: "A" }],
    ["no name", { minutes: 30 }],
    ["zero minutes", { name: "A", minutes: 0 }],
    ["negative minutes", { name: "A", minutes: -15 }],
    ["fractional minutes", { name: "A", minutes: 45.5 }],
    ["minutes as a string", { name: "A", minutes: "45" }],
    ["an unknown status", { name: "A", minutes: 45, status: "hidden" }],
    ["an accountId", { name: "A", minutes: 45, accountId: "x" }],
    ["an id", { name: "A", minutes: 45, id: "x" }],
  ])("answers 400 for %s", async (_case, body) => {
    expect(await api("POST", "/duration-presets", { token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/duration-presets", { token: tenant.admin.token, rawBody: "not json" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(
      await api("POST", "/duration-presets", { token: tenant.admin.token, rawBody: JSON.stringify({ name: "x".repeat(101 * 1024), minutes: 5 }) }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 without a token and 403 for an attendee", async () => {
    expect(await api("POST", "/duration-presets", { body: { name: "A", minutes: 5 } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/duration-presets", { token: attendee.token, body: { name: "A", minutes: 5 } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});

describe("GET /duration-presets", () => {
  it("lists active and archived presets of the account only, to any member", async () => {
    const own = await createTenant();
    const member = await createMember(own.accountId, "attendee");
    const short = await createPreset({ name: "Short", minutes: 45 }, own.admin.token);
    const long = await createPreset({ name: "Long", minutes: 90, status: "archived" }, own.admin.token);
    await createPreset({ name: "Foreign", minutes: 30 }, other.admin.token);
    const response = await api("GET", "/duration-presets", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.map((p: { id: string }) => p.id)).toEqual([short.id, long.id]);
    expect(response.body[1]).toMatchObject({ status: "archived", minutes: 90 });
  });

  it("shows a fresh tenant none, and answers 401 without a token", async () => {
    await createPreset({ name: "Mine", minutes: 20 });
    const fresh = await createTenant();
    expect(await api("GET", "/duration-presets", { token: fresh.admin.token })).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", "/duration-presets")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /duration-presets/{presetId}", () => {
  it("edits only the fields sent", async () => {
    const preset = await createPreset({ name: "Flow", minutes: 75 });
    const response = await api("PATCH", `/duration-presets/${preset.id}`, { token: tenant.admin.token, body: { minutes: 80 } });
    expect(response).toMatchObject({ status: 200, body: { id: preset.id, name: "Flow", minutes: 80, status: "active" } });
  });

  it("keeps the stored duration of events when a preset changes or is archived", async () => {
    const preset = await createPreset({ name: "Hour", minutes: 60 });
    const event = await api("POST", "/events", { token: tenant.admin.token, body: { title: "Yin", durationMinutes: preset.minutes } });
    expect(event.status).toBe(201);
    await api("PATCH", `/duration-presets/${preset.id}`, { token: tenant.admin.token, body: { minutes: 50 } });
    const archived = await api("PATCH", `/duration-presets/${preset.id}`, { token: tenant.admin.token, body: { status: "archived" } });
    expect(archived).toMatchObject({ status: 200, body: { status: "archived", minutes: 50 } });
    const events = await api("GET", "/events", { token: tenant.admin.token });
    expect(events.body.find((e: { id: string }) => e.id === event.body.id)).toMatchObject({ durationMinutes: 60 });
  });

  it("answers 404 for an unknown id and for another tenant's admin", async () => {
    const preset = await createPreset({ name: "Kept", minutes: 30 });
    expect(await api("PATCH", "/duration-presets/unknown", { token: tenant.admin.token, body: { minutes: 5 } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await api("PATCH", `/duration-presets/${preset.id}`, { token: other.admin.token, body: { minutes: 5 } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    const listed = await api("GET", "/duration-presets", { token: tenant.admin.token });
    expect(listed.body.find((p: { id: string }) => p.id === preset.id)).toMatchObject({ minutes: 30 });
  });

  it.each([
    ["negative minutes", { minutes: -1 }],
    ["an unknown field", { accountId: "x" }],
    ["an unknown status", { status: "paused" }],
  ])("answers 400 for %s", async (_case, body) => {
    const preset = await createPreset({ name: "Strict", minutes: 30 });
    expect(await api("PATCH", `/duration-presets/${preset.id}`, { token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("answers 401 without a token and 403 for an attendee", async () => {
    const preset = await createPreset({ name: "Auth", minutes: 30 });
    expect(await api("PATCH", `/duration-presets/${preset.id}`, { body: { minutes: 5 } })).toMatchObject({ status: 401 });
    expect(await api("PATCH", `/duration-presets/${preset.id}`, { token: attendee.token, body: { minutes: 5 } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});
