// The security headers as the built server sends them (lib/http/security-headers.ts, applied by
// next.config.ts and proxy.ts): the unit tests see the pieces, only a real server shows the result.
import fs from "node:fs";
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";

const PAGES = [
  "/",
  "/demo",
  "/demo/passes",
  "/sign-in?account=demo",
  "/signup",
  "/sign-in/verify?token=e2e",
  "/no-such-page",
];

function expectEveryResponseHeader(response: APIResponse, referrerPolicy = "strict-origin-when-cross-origin"): void {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(referrerPolicy);
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  // The e2e server's APP_URL is http://localhost: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

function nonceOf(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1];
  expect(nonce, policy).toBeTruthy();
  return nonce!;
}

test("every page is rendered per request with the nonce of its own policy on each script", async ({ request }) => {
  for (const pagePath of PAGES) {
    const response = await request.get(pagePath);
    expect(response.headers()["content-type"], pagePath).toContain("text/html");
    expectEveryResponseHeader(response, pagePath.startsWith("/sign-in/verify") ? "no-referrer" : undefined);
    const nonce = nonceOf(response);
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, pagePath).toBeGreaterThan(0);
    for (const script of scripts) expect(script, pagePath).toContain(`nonce="${nonce}"`);
    expect(nonceOf(await request.get(pagePath)), `a second request to ${pagePath}`).not.toBe(nonce);
  }
});

test("the build prerenders no page: a prerendered page's scripts could not carry a request's nonce", () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, "../.next/prerender-manifest.json"), "utf8"),
  );
  // /_global-error is Next's last-resort page when rendering itself fails; it cannot be made dynamic.
  // A file route (app/icon.svg) is an image with no script to carry a nonce.
  const isFile = (route: string) => /\.[a-z]+$/.test(route);
  expect(Object.keys(manifest.routes).filter((route) => route !== "/_global-error" && !isFile(route))).toEqual([]);
});

test("API routes answer with a policy that loads nothing and with nosniff", async ({ request }) => {
  for (const [apiPath, status] of [
    ["/api/health", 200],
    ["/api/me", 401],
    ["/api/no/such/path", 404],
    ["/api/public/accounts/demo/calendar.ics", 200],
  ] as const) {
    const response = await request.get(apiPath);
    expect(response.status(), apiPath).toBe(status);
    expectEveryResponseHeader(response);
    expect(response.headers()["content-security-policy"], apiPath).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

test("a trailing slash's redirect carries the security headers (/docs/ → /docs, /demo/ → /demo)", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/docs/", "/docs"],
    ["/demo/", "/demo"],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(response.headers()["location"]).toBe(to);
    expectEveryResponseHeader(response);
    expect(response.headers()["content-security-policy"], from).toContain("frame-ancestors 'none'");
  }
});

test("the API documentation renders Swagger UI under its own policy", async ({ page }) => {
  const response = await page.goto("/docs/");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // Rendered by the bundled script from the contract it fetched, and styled by its stylesheet.
  await expect(page.getByRole("heading", { name: /Studio Booking/ }).first()).toBeVisible();
  // "Try it out" calls our own API from the page (connect-src 'self').
  const health = page.locator(".opblock").filter({ has: page.locator('[data-path="/health"]') });
  await health.locator(".opblock-summary").click();
  await health.getByRole("button", { name: "Try it out" }).click();
  await health.getByRole("button", { name: "Execute" }).click();
  await expect(health.locator(".live-responses-table tr.response .response-col_status").first()).toHaveText("200");
  expect(await page.locator(".swagger-ui .info").evaluate((element) => getComputedStyle(element).marginTop)).not.toBe(
    "0px",
  );
  await saveScreenshot(page, "docs");
});

test("a page may not be framed, even by its own origin", async ({ page, securityHeaderErrors }) => {
  await page.goto("/demo");
  const frameLoaded = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const frame = document.createElement("iframe");
        frame.src = "/sign-in";
        frame.onload = () => {
          try {
            resolve(Boolean(frame.contentDocument?.querySelector("h1")));
          } catch {
            resolve(false);
          }
        };
        document.body.append(frame);
      }),
  );
  expect(frameLoaded).toBe(false);
  // The refusal this test provokes, taken off the guard's list.
  expect(securityHeaderErrors).toEqual([expect.stringContaining("frame-ancestors 'none'")]);
  securityHeaderErrors.length = 0;
});

test("the journeys' guard records a refused inline event handler", async ({ page, securityHeaderErrors }) => {
  await page.goto("/demo");
  // Injected markup, as an XSS would leave it; the handler runs (or not) when clicked, under the page's policy.
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      "afterbegin",
      `<button id="injected" onclick="document.title='injected'">x</button>`,
    ),
  );
  await page.locator("#injected").click();
  await expect(page).not.toHaveTitle("injected");
  // Left on the list, this would fail the test at its end (e2e/support/test.ts), as in any journey.
  await expect.poll(() => securityHeaderErrors.join("\n")).toMatch(/script-src/);
  securityHeaderErrors.length = 0;
});
