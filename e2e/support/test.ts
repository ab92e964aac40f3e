// The `test` and `expect` every spec imports. Its automatic fixture fails a journey in which the
// browser refused something under the Content-Security-Policy (a page that quietly lost a script,
// style or image) or rejected part of the Permissions-Policy header.
import { test as base, expect } from "@playwright/test";
import { E2E_URL } from "./server";

const SECURITY_HEADER_MESSAGE = /Content[ -]Security[ -]Policy|securitypolicyviolation|Permissions-Policy/i;

/**
 * The language the journey's browser has chosen on the switcher (its cookie, lib/i18n/locales.ts):
 * English unless a spec says `test.use({ language: "da" })`; none with `language: null` (a visitor
 * who has not chosen: the page's studio or the browser's Accept-Language decides).
 */
export const test = base.extend<{ securityHeaderErrors: string[]; language: "da" | "en" | null }>({
  language: ["en", { option: true }],
  // Each worker's own server (e2e/support/server.ts), whatever the config computed in the runner.
  baseURL: async ({}, use) => use(E2E_URL),
  context: async ({ context, language, baseURL }, use) => {
    if (language)
      await context.addCookies([{ name: "studio_locale", value: language, url: baseURL ?? "http://localhost" }]);
    await use(context);
  },
  securityHeaderErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      // Chromium logs each refusal to the console; the event also names what was blocked.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `securitypolicyviolation: ${event.effectiveDirective} refused ${event.blockedURI || "inline"} on ${event.documentURI}`,
          );
        });
      });
      context.on("console", (message) => {
        if (SECURITY_HEADER_MESSAGE.test(message.text()))
          errors.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "the browser objected to the security headers").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
