import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { config, NOT_FOUND_PATH, securePage } from "./proxy";

const saved = { APP_URL: process.env.APP_URL, NODE_ENV: process.env.NODE_ENV };

function withEnv(values: Partial<typeof saved>): void {
  Object.assign(process.env, values);
  resetEnvCache();
}

afterEach(() => withEnv(saved));

function nonceOf(policy: string | null): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1];
}

describe("proxy", () => {
  it("gives the page's response and its request (where Next reads it) one policy with a fresh nonce", () => {
    const response = securePage(new NextRequest("http://localhost:3000/demo"));
    const policy = response.headers.get("content-security-policy");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
    // NextResponse.next({ request: { headers } }): the headers the page is rendered with.
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(response.headers.get("x-middleware-next")).toBe("1");

    const nonce = nonceOf(policy);
    expect(Buffer.from(nonce!, "base64")).toHaveLength(16);
    const again = nonceOf(securePage(new NextRequest("http://localhost:3000/demo")).headers.get("content-security-policy"));
    expect(again).not.toBe(nonce);
  });

  it("has Next render the not-found page for a missing page, keeping its policy and its path for its language", () => {
    const response = securePage(new NextRequest("http://localhost:3000/no-such-studio"), NOT_FOUND_PATH);
    expect(response.headers.get("x-middleware-rewrite")).toBe(`http://localhost:3000${NOT_FOUND_PATH}`);
    expect(response.headers.get("x-middleware-request-x-studio-page-path")).toBe("/no-such-studio");
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
  });

  it("keeps the request's own headers for the page", () => {
    const response = securePage(new NextRequest("http://localhost:3000/", { headers: { cookie: "a=b" } }));
    expect(response.headers.get("x-middleware-request-cookie")).toBe("a=b");
  });

  it("sends HSTS and upgrades insecure requests only when APP_URL is https", () => {
    const plain = securePage(new NextRequest("http://localhost:3000/"));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");

    withEnv({ APP_URL: "https://booking.example.com" });
    const secure = securePage(new NextRequest("https://booking.example.com/"));
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("allows 'unsafe-eval' and inline styles under next dev only", () => {
    const production = securePage(new NextRequest("http://localhost:3000/")).headers.get("content-security-policy");
    expect(production).not.toContain("unsafe-");
    withEnv({ NODE_ENV: "development" });
    const development = securePage(new NextRequest("http://localhost:3000/")).headers.get("content-security-policy");
    expect(development).toContain("'unsafe-eval'");
    expect(development).toContain("style-src 'self' 'unsafe-inline';");
  });
});

describe("proxy matcher", () => {
  const matches = (path: string, headers: Record<string, string> = {}) =>
    unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${path}`, headers });

  it.each(["/", "/demo", "/demo/passes", "/sign-in", "/sign-in/verify?token=abc", "/dashboard", "/no-such-page"])(
    "runs on the page %s",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );

  it.each(["/apiary", "/docsy", "/api-studio"])(
    "runs on a studio whose slug starts like a skipped path (%s)",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );

  it.each([
    "/api",
    "/api/bookings",
    "/api/health",
    "/api/docs",
    "/docs",
    "/docs/swagger-ui.css",
    "/_next/static/chunks/a.js",
  ])("stays off %s (its headers come from next.config.ts)", (path) => {
    expect(matches(path)).toBe(false);
  });

  it("stays off prefetches, which answer data rather than a document", () => {
    expect(matches("/demo", { "next-router-prefetch": "1" })).toBe(false);
    expect(matches("/demo", { purpose: "prefetch" })).toBe(false);
  });
});
