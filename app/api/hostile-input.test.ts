// Hostile input found by an outside tester (issue 12): each once answered 500. Every route gets the
// answers below from the shared schemas and the route wrapper, not from its own code.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let attendee: TestMember;

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

const validationFailed = (path: string) => ({
  status: 400,
  body: { error: "Validation failed", details: expect.arrayContaining([expect.objectContaining({ path })]) },
});

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["a NUL", "a\u0000b"],
    ["an unpaired high surrogate", "\ud800"],
    ["an unpaired low surrogate", "x\udfffy"],
  ])("answers 400 for %s in a JSON string", async (_name, value) => {
    const group = await api("POST", "/groups", { token: tenant.admin.token, body: { name: value } });
    expect(group).toMatchObject(validationFailed("name"));
    const location = await api("POST", "/locations", {
      token: tenant.admin.token,
      body: { name: value, capacity: 10 },
    });
    expect(location).toMatchObject(validationFailed("name"));
  });

  it("answers 400 without credentials, before anything is looked up", async () => {
    const response = await api("POST", "/auth/magic-links", {
      body: { email: "ida@example.com", accountId: "\ud800" },
    });
    expect(response).toMatchObject(validationFailed("accountId"));
  });

  it("answers 400 for such text in a nested value or a key", async () => {
    const response = await api("POST", "/groups", {
      token: tenant.admin.token,
      body: { name: "Morning", "x\u0000": 1 },
    });
    expect(response).toMatchObject(validationFailed("(key)"));
  });

  it("answers 400 for it in a query parameter", async () => {
    const response = await api("GET", `/instances?seriesId=${encodeURIComponent("a\u0000")}`, {
      token: tenant.admin.token,
    });
    expect(response).toMatchObject(validationFailed("seriesId"));
  });

  it("answers 404 for it in a path, as for any id that names nothing", async () => {
    for (const path of ["/public/accounts/%00", "/public/accounts/a%00b/events", "/instances/%00/roster"]) {
      const response = await api("GET", path, { token: tenant.admin.token });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { error: "Resource not found" },
      });
    }
    const renamed = await api("PATCH", "/groups/%00", { token: tenant.admin.token, body: { name: "Evening" } });
    expect(renamed).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });
});

describe("dates outside the accepted years (1900 to 9999)", () => {
  it.each([
    ["/instances", "member"],
    ["/me/bookings", "member"],
    ["/admin/summary", "admin"],
    [`/public/accounts/{slug}/events`, "none"],
  ] as const)("answers 400 on GET %s", async (path, who) => {
    const token = who === "admin" ? tenant.admin.token : who === "member" ? attendee.token : undefined;
    const url = `${path.replace("{slug}", tenant.slug)}?from=0000-01-01T00:00:00Z&to=0000-06-01T00:00:00Z`;
    const response = await api("GET", url, { token });
    expect(response).toMatchObject(validationFailed("from"));
    expect(response.body.details[0].message).toBe("Dates must be within the years 1900 to 9999");
  });

  it("keeps a default bound derived from the first or last accepted year within them", async () => {
    for (const query of ["from=9999-12-31T00:00:00Z", "to=1900-01-15T00:00:00Z"]) {
      for (const path of ["/instances", "/admin/summary", `/public/accounts/${tenant.slug}/events`]) {
        const response = await api("GET", `${path}?${query}`, { token: tenant.admin.token });
        expect({ path, query, status: response.status }).toEqual({ path, query, status: 200 });
      }
    }
  });

  it("judges an instant in UTC: 23:59 on 31 December 9999 at -14:00 is in year 10000", async () => {
    const response = await api("GET", "/me/bookings?to=9999-12-31T23:59:59-14:00", { token: attendee.token });
    expect(response).toMatchObject(validationFailed("to"));
  });

  it("accepts the first and the last accepted year", async () => {
    const response = await api("GET", "/me/bookings?from=1900-01-01T00:00:00Z&to=9999-12-31T23:59:59Z", {
      token: attendee.token,
    });
    expect(response.status).toBe(200);
  });

  it("answers 400 for a body date in year 10000 or before 1900", async () => {
    for (const startsAt of ["1899-12-31T23:00:00Z", "0000-01-01T00:00:00Z"]) {
      const response = await api("POST", "/seasons", {
        token: tenant.admin.token,
        body: { name: "Far away", startsAt, endsAt: "2026-12-20T23:00:00Z" },
      });
      expect(response).toMatchObject(validationFailed("startsAt"));
    }
  });
});
