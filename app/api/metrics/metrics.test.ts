import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createTenant } from "@/tests/helpers/fixtures";
import { expectLogged } from "@/tests/helpers/logs";
import { json, route } from "@/lib/http/route";

type Metrics = {
  requestsTotal: number;
  errorsTotal: number;
  requestDurationMsTotal: number;
  routes: Record<string, { requests: number; errors: number; durationMsTotal: number }>;
};

const metrics = async () => (await api<Metrics>("GET", "/metrics")).body;

// A parameterised route and a failing one, called like Next calls a route file.
const getWidget = route({ operation: "GET /widgets/{widgetId}", auth: "none" }, async () => json({ ok: true }));
const explode = route({ operation: "POST /explode", auth: "none" }, async () => {
  throw new Error("boom");
});

describe("GET /metrics", () => {
  it("answers the documented counters", async () => {
    const response = await api("GET", "/metrics");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      "errorsTotal",
      "requestDurationMsTotal",
      "requestsTotal",
      "routes",
    ]);
    expect(Number.isInteger(response.body.requestsTotal)).toBe(true);
    expect(Number.isInteger(response.body.errorsTotal)).toBe(true);
    expect(typeof response.body.requestDurationMsTotal).toBe("number");
  });

  it("counts requests, durations and 5xx errors per route pattern", async () => {
    expectLogged("error", /^unhandled error \{"route":"POST \/explode"/);
    const before = await metrics();
    await api("GET", "/health");
    await api("GET", "/health");
    await api("POST", "/health"); // 405 is not an error of the service
    await getWidget(new Request("http://localhost:3000/api/widgets/w-123"), {
      params: Promise.resolve({ widgetId: "w-123" }),
    });
    await getWidget(new Request("http://localhost:3000/api/widgets/w-456"), {
      params: Promise.resolve({ widgetId: "w-456" }),
    });
    await explode(new Request("http://localhost:3000/api/explode", { method: "POST" }), {
      params: Promise.resolve({}),
    });
    const after = await metrics();

    // the 6 requests above plus the first GET /metrics itself
    expect(after.requestsTotal - before.requestsTotal).toBe(7);
    expect(after.errorsTotal - before.errorsTotal).toBe(1);
    expect(after.requestDurationMsTotal).toBeGreaterThan(before.requestDurationMsTotal);
    expect(after.routes["GET /health"]!.requests - (before.routes["GET /health"]?.requests ?? 0)).toBe(2);
    expect(after.routes["POST /health"]).toMatchObject({ errors: 0 });
    expect(after.routes["GET /widgets/{widgetId}"]).toMatchObject({ requests: 2, errors: 0 });
    expect(after.routes["POST /explode"]).toMatchObject({ requests: 1, errors: 1 });
    const keys = Object.keys(after.routes).join("\n");
    expect(keys).not.toContain("w-123");
    expect(keys).not.toContain("w-456");
  });

  it("never contains tokens, emails or paths of the requests it counts", async () => {
    const tenant = await createTenant();
    await api("GET", "/health", { token: tenant.admin.token });
    await api("POST", `/no/such/${encodeURIComponent(tenant.admin.email)}`, {
      cookie: `session=${tenant.admin.token}`,
      body: { email: tenant.admin.email, token: tenant.admin.token },
    });
    await api("GET", `/no/such/path?token=${tenant.admin.token}`);
    const response = await api("GET", "/metrics");
    expect(response.text).not.toContain(tenant.admin.token);
    expect(response.text).not.toContain(tenant.admin.email);
    expect(response.text).not.toContain("@");
    expect(response.text).not.toContain("/no/such");
    expect(response.body.routes["unknown path"].requests).toBeGreaterThanOrEqual(2);
  });
});
