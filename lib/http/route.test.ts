import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "@/lib/schemas/zod";
import { db } from "@/lib/db";
import { setLogSink } from "@/lib/log";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { expectLogged } from "@/tests/helpers/logs";
import { json, route } from "./route";

// A tiny route of the test's own, called the way Next calls a route file's export.
const createWidget = route(
  { operation: "POST /widgets", auth: "optional", body: z.strictObject({ name: z.string().min(1) }) },
  async ({ body, auth }) => json({ name: body.name, userId: auth?.userId ?? null }, 201),
);
const explode = route({ operation: "GET /explode", auth: "none" }, async () => {
  throw new Error('relation "Secret" does not exist at SELECT * FROM "Secret"');
});

const URL_ = "http://localhost:3000/api/widgets";
const context = { params: Promise.resolve({}) };

async function call(init: RequestInit & { duplex?: "half" }, handler = createWidget) {
  const response = await handler(new Request(URL_, { method: "POST", ...init }), context);
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

let lines: string[] = [];
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});
beforeEach(() => {
  lines = [];
  setLogSink((line) => lines.push(line));
});
afterEach(() => setLogSink(undefined));

const JSON_HEADERS = { "content-type": "application/json" };

describe("route(): bodies", () => {
  it("accepts a valid body", async () => {
    const response = await call({ headers: JSON_HEADERS, body: JSON.stringify({ name: "Mat" }) });
    expect(response).toMatchObject({ status: 201, body: { name: "Mat", userId: null } });
  });

  it("answers 400 Validation failed with details for malformed JSON", async () => {
    const response = await call({ headers: JSON_HEADERS, body: '{"name": "Mat"' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
    expect(response.body.details).toEqual([{ path: "", message: "Malformed JSON", code: "json_malformed" }]);
  });

  it("answers 400 for an unknown field, a wrong type and a missing field", async () => {
    for (const body of [{ name: "Mat", accountId: "x" }, { name: 7 }, {}]) {
      const response = await call({ headers: JSON_HEADERS, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("Validation failed");
      expect(response.body.details.length).toBeGreaterThan(0);
    }
  });

  it("answers 413 Payload too large past 100 kB, with a content-length", async () => {
    const body = JSON.stringify({ name: "x".repeat(101 * 1024) });
    const response = await call({ headers: { ...JSON_HEADERS, "content-length": String(body.length) }, body });
    expect(response).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 413 Payload too large past 100 kB, without a content-length (streamed)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 120) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request(URL_, {
      method: "POST",
      headers: JSON_HEADERS,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const response = await createWidget(request, context);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Payload too large" });
  });

  it("accepts a body just under 100 kB", async () => {
    const body = JSON.stringify({ name: "x".repeat(99 * 1024) });
    expect((await call({ headers: JSON_HEADERS, body })).status).toBe(201);
  });
});

describe("route(): same-origin check for cookie writes", () => {
  const cookieHeaders = (extra: Record<string, string>) => ({
    ...JSON_HEADERS,
    cookie: `session=${tenant.admin.token}`,
    ...extra,
  });
  const body = JSON.stringify({ name: "Mat" });

  it("answers 403 Insufficient permission for a cookie POST from another origin", async () => {
    const response = await call({ headers: cookieHeaders({ origin: "https://evil.example" }), body });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });

  it("answers 403 for a cookie POST without Origin from another site", async () => {
    const response = await call({ headers: cookieHeaders({ "sec-fetch-site": "cross-site" }), body });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });

  it("lets a same-origin cookie POST through", async () => {
    const viaOrigin = await call({ headers: cookieHeaders({ origin: "http://localhost:3000" }), body });
    expect(viaOrigin).toMatchObject({ status: 201, body: { userId: tenant.admin.userId } });
    const viaFetchSite = await call({ headers: cookieHeaders({ "sec-fetch-site": "same-origin" }), body });
    expect(viaFetchSite).toMatchObject({ status: 201, body: { userId: tenant.admin.userId } });
  });

  it("exempts Bearer requests", async () => {
    const response = await call({
      headers: { ...JSON_HEADERS, authorization: `Bearer ${tenant.admin.token}`, origin: "https://evil.example" },
      body,
    });
    expect(response).toMatchObject({ status: 201, body: { userId: tenant.admin.userId } });
  });
});

describe("route(): failures and logs", () => {
  it("answers an unhandled error with 500 and nothing else", async () => {
    expectLogged("error", /^unhandled error .*"route":"GET \/explode"/);
    const response = await explode(new Request("http://localhost:3000/api/explode"), context);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "Internal server error" });
    expect(text).not.toMatch(/Secret|SELECT|stack|at /);
  });

  it("answers a value the database refused with 400 and a warning, not a 500", async () => {
    expectLogged("warn", /^database refused a value the schemas let through/);
    const storeRefused = route({ operation: "GET /refused", auth: "none" }, async () => {
      // What a handler whose schema misses a rule would do: text with NUL, a year PostgreSQL lacks.
      await db.$queryRaw`SELECT ${"a\u0000b"}::text AS text`;
      return json({});
    });
    const dateRefused = route({ operation: "GET /refused-date", auth: "none" }, async () => {
      await db.$queryRaw`SELECT '0000-01-01'::date AS day`;
      return json({});
    });
    for (const handler of [storeRefused, dateRefused]) {
      const response = await handler(new Request("http://localhost:3000/api/refused"), context);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("Validation failed");
    }
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.filter((record) => record.level === "warn").map((record) => record.sqlState)).toEqual([
      expect.stringMatching(/^22/),
      expect.stringMatching(/^22/),
    ]);
    expect(records.some((record) => record.level === "error")).toBe(false);
  });

  it("logs one line per request with method, route, status and duration", async () => {
    expectLogged("error", /^unhandled error .*"route":"GET \/explode"/);
    await call({ headers: JSON_HEADERS, body: JSON.stringify({ name: "Mat" }) });
    await explode(new Request("http://localhost:3000/api/explode"), context);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.msg === "request");
    expect(requests).toEqual([
      expect.objectContaining({ method: "POST", route: "POST /widgets", status: 201, durationMs: expect.any(Number) }),
      expect.objectContaining({ method: "GET", route: "GET /explode", status: 500, durationMs: expect.any(Number) }),
    ]);
  });

  it("never logs the Authorization header, the cookie or the token", async () => {
    const body = JSON.stringify({ name: "Mat", token: tenant.admin.token });
    await call({ headers: { ...JSON_HEADERS, authorization: `Bearer ${tenant.admin.token}` }, body });
    await call({
      headers: { ...JSON_HEADERS, cookie: `session=${tenant.admin.token}`, origin: "https://evil.example" },
      body,
    });
    await call({
      headers: { ...JSON_HEADERS, authorization: "Bearer not-a-real-token-but-secret-looking-0123456789" },
      body,
    });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join("\n");
    expect(all).not.toContain(tenant.admin.token);
    expect(all).not.toContain("not-a-real-token");
    expect(all).not.toMatch(/authorization|cookie|Bearer/i);
    expect(all).not.toContain(tenant.admin.email);
  });
});
