import { unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { pageContentSecurityPolicy } from "./security-headers";

/** A policy as directive → sources. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy();
  return Object.fromEntries(
    policy!.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The headers next.config.ts gives a path, resolved by Next's own matching of headers() rules. */
async function configHeaders(path: string): Promise<Headers> {
  return (await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${path}`, nextConfig })).headers;
}

describe("pageContentSecurityPolicy", () => {
  const production = directives(pageContentSecurityPolicy({ nonce: "abc123", development: false, https: true }));

  it("runs scripts only with the nonce, and styles only from our files or with the nonce", () => {
    expect(production["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(production["style-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(production["object-src"]).toEqual(["'none'"]);
    expect(production["base-uri"]).toEqual(["'none'"]);
    expect(Object.values(production).flat()).not.toContain("'unsafe-inline'");
    expect(Object.values(production).flat()).not.toContain("'unsafe-eval'");
  });

  it("refuses framing and leaves room for https: logos and Stripe's redirects after a form post", () => {
    expect(production["frame-ancestors"]).toEqual(["'none'"]);
    expect(production["img-src"]).toEqual(["'self'", "https:"]);
    expect(production["form-action"]).toEqual(["'self'", "https://checkout.stripe.com", "https://connect.stripe.com"]);
  });

  it("allows eval and inline styles (next dev's overlay) only in development, and upgrades requests only over https", () => {
    const development = directives(pageContentSecurityPolicy({ nonce: "n", development: true, https: false }));
    expect(development["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(development["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(development).not.toHaveProperty("upgrade-insecure-requests");
    expect(production).toHaveProperty("upgrade-insecure-requests");
  });
});

describe("next.config.ts headers()", () => {
  it.each([
    "/",
    "/demo",
    "/sign-in",
    "/dashboard",
    "/api/bookings",
    "/api/health",
    "/docs",
    "/_next/static/chunks/a.js",
  ])("%s: nosniff, a referrer policy, a permissions policy and no framing", async (path) => {
    const headers = await configHeaders(path);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toMatch(/(^|, )camera=\(\)/);
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("a page gets no fixed Content-Security-Policy: proxy.ts gives it one with a nonce", async () => {
    for (const path of ["/", "/demo", "/apiary", "/docsy"]) {
      expect((await configHeaders(path)).get("content-security-policy"), path).toBeNull();
    }
  });

  it.each(["/api/bookings", "/api/public/accounts/demo/calendar.ics", "/api/no/such/path"])(
    "the API route %s loads nothing and cannot be framed",
    async (path) => {
      expect((await configHeaders(path)).get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    },
  );

  it.each(["/docs", "/docs/swagger-ui-bundle.js", "/api/docs", "/api/docs/swagger-ui.css"])(
    "%s runs Swagger UI from our own files only",
    async (path) => {
      const policy = directives((await configHeaders(path)).get("content-security-policy"));
      expect(policy["default-src"]).toEqual(["'none'"]);
      expect(policy["script-src"]).toEqual(["'self'"]);
      expect(policy["style-src"]).toEqual(["'self'"]);
      expect(policy["connect-src"]).toEqual(["'self'"]);
      expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    },
  );

  it("the magic-link page sends no Referer at all", async () => {
    expect((await configHeaders("/sign-in/verify?token=secret")).get("referrer-policy")).toBe("no-referrer");
    expect((await configHeaders("/sign-in/invitation?token=secret")).get("referrer-policy")).toBe("no-referrer");
    expect((await configHeaders("/sign-in")).get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends no HSTS: it depends on APP_URL at run time, which proxy.ts reads", async () => {
    expect((await configHeaders("/")).get("strict-transport-security")).toBeNull();
  });
});
