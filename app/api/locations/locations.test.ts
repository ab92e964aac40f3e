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

async function createLocation(body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", "/locations", { token, body });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; capacity: number };
}

describe("POST /locations", () => {
  it("creates a location with the defaults the contract leaves open", async () => {
    const response = await api("POST", "/locations", { token: tenant.admin.token, body: { name: "  Studio 1 " } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      name: "Studio 1",
      address: "",
      capacity: 20,
      status: "active",
    });
  });

  it("stores every field of the write body", async () => {
    const body = { name: "Annex", address: "Nørrebrogade 12", capacity: 8, status: "archived" };
    const response = await api("POST", "/locations", { token: tenant.admin.token, body });
    expect(response).toMatchObject({ status: 201, body: { ...body, accountId: tenant.accountId } });
  });

  it.each([
    ["no name", { address: "x" }],
    ["an empty name", { name: "   " }],
    ["a name that is not a string", { name: 42 }],
    ["a capacity of zero", { name: "A", capacity: 0 }],
    ["a negative capacity", { name: "A", capacity: -1 }],
    ["a fractional capacity", { name: "A", capacity: 2.5 }],
    ["a capacity given as a string", { name: "A", capacity: "12" }],
    ["an unknown status", { name: "A", status: "deleted" }],
    ["an accountId", { name: "A", accountId: "someone-else" }],
    ["an id", { name: "A", id: "chosen-id" }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/locations", { token: tenant.admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const malformed = await api("POST", "/locations", { token: tenant.admin.token, rawBody: '{"name": ' });
    expect(malformed).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    const oversize = await api("POST", "/locations", {
      token: tenant.admin.token,
      rawBody: JSON.stringify({ name: "A", address: "x".repeat(110 * 1024) }),
    });
    expect(oversize).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 without or with a bad token and 403 for an attendee", async () => {
    expect(await api("POST", "/locations", { body: { name: "A" } })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("POST", "/locations", { token: "not-a-session", body: { name: "A" } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/locations", { token: attendee.token, body: { name: "A" } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});

describe("GET /locations", () => {
  it("lists active and archived locations of the account only, to any member", async () => {
    const tenantA = await createTenant();
    const member = await createMember(tenantA.accountId, "attendee");
    const first = await createLocation({ name: "First" }, tenantA.admin.token);
    const second = await createLocation({ name: "Second", status: "archived" }, tenantA.admin.token);
    await createLocation({ name: "Elsewhere" }, other.admin.token);

    const response = await api("GET", "/locations", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.map((l: { id: string }) => l.id)).toEqual([first.id, second.id]);
    expect(response.body[1]).toMatchObject({ name: "Second", status: "archived" });
  });

  it("shows another tenant none of this tenant's locations", async () => {
    const fresh = await createTenant();
    await createLocation({ name: "Private" });
    expect(await api("GET", "/locations", { token: fresh.admin.token })).toMatchObject({ status: 200, body: [] });
  });

  it("answers 401 without a token", async () => {
    expect(await api("GET", "/locations")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /locations/{locationId}", () => {
  it("edits only the fields sent", async () => {
    const location = await createLocation({ name: "Hall", address: "Main street 1", capacity: 30 });
    const response = await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, body: { capacity: 25 } });
    expect(response).toMatchObject({
      status: 200,
      body: { id: location.id, name: "Hall", address: "Main street 1", capacity: 25, status: "active" },
    });
    const listed = await api("GET", "/locations", { token: tenant.admin.token });
    expect(listed.body.find((l: { id: string }) => l.id === location.id)).toMatchObject({ capacity: 25 });
  });

  it("archives and reactivates a location", async () => {
    const location = await createLocation({ name: "Loft" });
    const archived = await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, body: { status: "archived" } });
    expect(archived).toMatchObject({ status: 200, body: { status: "archived" } });
    const active = await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, body: { status: "active" } });
    expect(active).toMatchObject({ status: 200, body: { status: "active" } });
  });

  it("answers 404 for an unknown id and for another tenant's admin, and leaves the location unchanged", async () => {
    const location = await createLocation({ name: "Guarded", capacity: 12 });
    expect(await api("PATCH", "/locations/no-such-location", { token: tenant.admin.token, body: { name: "X" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await api("PATCH", `/locations/${location.id}`, { token: other.admin.token, body: { name: "Taken" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    const listed = await api("GET", "/locations", { token: tenant.admin.token });
    expect(listed.body.find((l: { id: string }) => l.id === location.id)).toMatchObject({ name: "Guarded", capacity: 12 });
  });

  it.each([
    ["an unknown field", { accountId: "x" }],
    ["an id", { id: "x" }],
    ["a zero capacity", { capacity: 0 }],
    ["an empty name", { name: "" }],
    ["a null name", { name: null }],
  ])("answers 400 for %s", async (_case, body) => {
    const location = await createLocation({ name: "Strict" });
    expect(await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, body })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("answers 400 for malformed JSON, 401 without a token and 403 for an attendee", async () => {
    const location = await createLocation({ name: "Door" });
    expect(await api("PATCH", `/locations/${location.id}`, { token: tenant.admin.token, rawBody: "{" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("PATCH", `/locations/${location.id}`, { body: { name: "X" } })).toMatchObject({ status: 401 });
    expect(await api("PATCH", `/locations/${location.id}`, { token: attendee.token, body: { name: "X" } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });

  it("answers 405 for a method the path does not serve", async () => {
    const location = await createLocation({ name: "Method" });
    expect(await api("DELETE", `/locations/${location.id}`, { token: tenant.admin.token })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});
