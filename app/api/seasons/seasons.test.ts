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

const autumn = { name: "Autumn 2026", startsAt: "2026-08-17T00:00:00Z", endsAt: "2026-12-20T23:00:00Z" };

async function createSeason(body: Record<string, unknown> = autumn, token = tenant.admin.token) {
  const response = await api("POST", "/seasons", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; startsAt: string; endsAt: string; status: string };
}

describe("POST /seasons", () => {
  it("creates an active season", async () => {
    const response = await api("POST", "/seasons", {
      token: tenant.admin.token,
      body: { ...autumn, name: "  Autumn 2026 " },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      name: "Autumn 2026",
      startsAt: "2026-08-17T00:00:00.000Z",
      endsAt: "2026-12-20T23:00:00.000Z",
      status: "active",
    });
  });

  it("stores times given with an offset in UTC", async () => {
    const season = await createSeason({
      name: "Spring",
      startsAt: "2027-01-05T00:00:00+01:00",
      endsAt: "2027-05-31T00:00:00+02:00",
    });
    expect(season).toMatchObject({ startsAt: "2027-01-04T23:00:00.000Z", endsAt: "2027-05-30T22:00:00.000Z" });
  });

  it.each([
    ["no name", { startsAt: autumn.startsAt, endsAt: autumn.endsAt }],
    ["no startsAt", { name: "A", endsAt: autumn.endsAt }],
    ["no endsAt", { name: "A", startsAt: autumn.startsAt }],
    ["an empty name", { ...autumn, name: " " }],
    ["a date instead of a date-time", { ...autumn, startsAt: "2026-08-17" }],
    ["a number as startsAt", { ...autumn, startsAt: 1 }],
    ["endsAt before startsAt", { ...autumn, endsAt: "2026-08-01T00:00:00Z" }],
    ["endsAt equal to startsAt", { ...autumn, endsAt: autumn.startsAt }],
    ["an unknown status", { ...autumn, status: "closed" }],
    ["an unknown field", { ...autumn, accountId: "another-account" }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/seasons", { token: tenant.admin.token, body });
    expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/seasons", { token: tenant.admin.token, rawBody: "{name" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(
      await api("POST", "/seasons", {
        token: tenant.admin.token,
        rawBody: JSON.stringify({ ...autumn, name: "x".repeat(110 * 1024) }),
      }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 and 403 for an attendee", async () => {
    expect(await api("POST", "/seasons", { body: autumn })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/seasons", { token: attendee.token, body: autumn })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});

describe("GET /seasons", () => {
  it("lists active and archived seasons to members, none of another tenant", async () => {
    const active = await createSeason({
      name: "Late",
      startsAt: "2030-01-01T00:00:00Z",
      endsAt: "2030-02-01T00:00:00Z",
    });
    const archived = await createSeason({
      name: "Early",
      startsAt: "2020-01-01T00:00:00Z",
      endsAt: "2020-02-01T00:00:00Z",
      status: "archived",
    });
    const theirs = await createSeason(autumn, other.admin.token);
    const response = await api("GET", "/seasons", { token: attendee.token });
    expect(response.status).toBe(200);
    const ids = (response.body as { id: string }[]).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([active.id, archived.id]));
    expect(ids).not.toContain(theirs.id);
    expect(ids.indexOf(archived.id)).toBeLessThan(ids.indexOf(active.id));
    expect((await api("GET", "/seasons", { token: other.admin.token })).body).toEqual([theirs]);
  });

  it("answers 401 without a session", async () => {
    expect(await api("GET", "/seasons")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /seasons/{seasonId}", () => {
  it("edits partially and archives", async () => {
    const season = await createSeason();
    const renamed = await api("PATCH", `/seasons/${season.id}`, {
      token: tenant.admin.token,
      body: { name: "Autumn" },
    });
    expect(renamed).toMatchObject({ status: 200, body: { ...season, name: "Autumn" } });
    const archived = await api("PATCH", `/seasons/${season.id}`, {
      token: tenant.admin.token,
      body: { status: "archived", endsAt: "2026-12-31T00:00:00Z" },
    });
    expect(archived).toMatchObject({
      status: 200,
      body: { status: "archived", endsAt: "2026-12-31T00:00:00.000Z", startsAt: season.startsAt, name: "Autumn" },
    });
  });

  it("answers 400 when the edited season would not end after it starts", async () => {
    const season = await createSeason();
    for (const body of [
      { endsAt: "2026-08-01T00:00:00Z" },
      { startsAt: "2027-01-01T00:00:00Z" },
      { startsAt: "2026-10-01T00:00:00Z", endsAt: "2026-10-01T00:00:00Z" },
    ]) {
      const response = await api("PATCH", `/seasons/${season.id}`, { token: tenant.admin.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    expect((await db.season.findUnique({ where: { id: season.id } }))?.endsAt.toISOString()).toBe(
      "2026-12-20T23:00:00.000Z",
    );
  });

  it("answers 400 for bad input", async () => {
    const season = await createSeason();
    for (const body of [{ name: "" }, { status: "deleted" }, { id: "x" }, { startsAt: "tomorrow" }]) {
      expect(await api("PATCH", `/seasons/${season.id}`, { token: tenant.admin.token, body })).toMatchObject({
        status: 400,
      });
    }
    expect(await api("PATCH", `/seasons/${season.id}`, { token: tenant.admin.token, rawBody: "[" })).toMatchObject({
      status: 400,
    });
  });

  it("answers 404 for unknown ids and another tenant's season", async () => {
    const theirs = await createSeason(autumn, other.admin.token);
    expect(await api("PATCH", "/seasons/unknown", { token: tenant.admin.token, body: { name: "X" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(
      await api("PATCH", `/seasons/${theirs.id}`, { token: tenant.admin.token, body: { name: "X" } }),
    ).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect((await db.season.findUnique({ where: { id: theirs.id } }))?.name).toBe("Autumn 2026");
  });

  it("answers 401 and 403 for an attendee", async () => {
    const season = await createSeason();
    expect(await api("PATCH", `/seasons/${season.id}`, { body: { name: "X" } })).toMatchObject({ status: 401 });
    expect(await api("PATCH", `/seasons/${season.id}`, { token: attendee.token, body: { name: "X" } })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});
