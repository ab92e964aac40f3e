// Our server's answers carry the security headers even when the handler gave none (as Next's own
// trailing-slash redirects do), and keep the ones a handler did give.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { guardedResponseClass } from "./guarded-response";
import { API_CONTENT_SECURITY_POLICY, DOCS_CONTENT_SECURITY_POLICY } from "./security-headers";

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(https: boolean, handle: http.RequestListener): Promise<string> {
  server = http.createServer({ ServerResponse: guardedResponseClass({ https }) }, handle);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** As Next redirects a trailing slash: status, Location, end, and none of the rules' headers. */
const nextsTrailingSlashRedirect: http.RequestListener = (request, response) => {
  response.statusCode = 308;
  response.setHeader("Location", (request.url ?? "/").replace(/\/+(?=\?|$)/, ""));
  response.end();
};

describe("the server's response class", () => {
  it("gives a redirect that has no security headers the API's, or the docs' policy under /docs", async () => {
    const origin = await serve(false, nextsTrailingSlashRedirect);
    const docs = await fetch(`${origin}/docs/`, { redirect: "manual" });
    expect(docs.status).toBe(308);
    expect(docs.headers.get("location")).toBe("/docs");
    expect(docs.headers.get("x-content-type-options")).toBe("nosniff");
    expect(docs.headers.get("x-frame-options")).toBe("DENY");
    expect(docs.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(docs.headers.get("permissions-policy")).toContain("camera=()");
    expect(docs.headers.get("content-security-policy")).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(docs.headers.get("strict-transport-security")).toBeNull();

    const page = await fetch(`${origin}/demo/`, { redirect: "manual" });
    expect(page.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    const verify = await fetch(`${origin}/sign-in/verify/?token=secret`, { redirect: "manual" });
    expect(verify.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("adds HSTS when the origin is https", async () => {
    const origin = await serve(true, nextsTrailingSlashRedirect);
    const response = await fetch(`${origin}/docs/`, { redirect: "manual" });
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("keeps the headers a handler gave", async () => {
    const origin = await serve(false, (_request, response) => {
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Content-Security-Policy", "default-src 'self'");
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
    const response = await fetch(origin);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(await response.text()).toBe("ok");
  });
});
