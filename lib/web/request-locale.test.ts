import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { LOCALE_COOKIE, PAGE_PATH_HEADER } from "@/lib/i18n/locales";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

// A page request as proxy.ts hands it to Next: its cookies and headers (next/headers), nothing else faked.
const request = { cookies: new Map<string, string>(), headers: new Headers() };
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined),
  }),
  headers: async () => request.headers,
}));

const { getRequestLocale, studioSlugOf } = await import("./request-locale");

function page(path: string, options: { acceptLanguage?: string; cookies?: Record<string, string> } = {}) {
  request.cookies = new Map(Object.entries(options.cookies ?? {}));
  request.headers = new Headers({ [PAGE_PATH_HEADER]: path });
  if (options.acceptLanguage) request.headers.set("accept-language", options.acceptLanguage);
  return getRequestLocale();
}

const DANISH_BROWSER = "da-DK,da;q=0.9,en-US;q=0.8,en;q=0.7";
const ENGLISH_BROWSER = "en-US,en;q=0.9";

describe("the studio whose language a page may speak", () => {
  it("is the first segment of a studio's page", () => {
    expect(studioSlugOf("/demo")).toBe("demo");
    expect(studioSlugOf("/demo/passes")).toBe("demo");
  });

  it("is the studio a sign-in page or an emailed sign-in link is for", () => {
    expect(studioSlugOf("/sign-in?account=demo")).toBe("demo");
    expect(studioSlugOf("/sign-in/verify?account=demo")).toBe("demo");
    expect(studioSlugOf("/sign-in")).toBeUndefined();
    expect(studioSlugOf("/sign-in/verify")).toBeUndefined();
  });

  it("is none for the app's own pages and for what is not a slug", () => {
    for (const page of ["/", "/dashboard", "/dashboard/settings", "/signup", "/docs/", "/dev/emails", null])
      expect(studioSlugOf(page)).toBeUndefined();
    expect(studioSlugOf("/sign-in?account=Not%20a%20slug")).toBeUndefined();
    expect(studioSlugOf("/UPPER")).toBeUndefined();
  });
});

describe("the language of a page", () => {
  let danish: TestTenant;
  let english: TestTenant;

  beforeEach(async () => {
    [danish, english] = await Promise.all([createTenant(), createTenant()]);
    await db.account.update({ where: { id: english.accountId }, data: { locale: "en-GB" } });
  });

  it("is the browser's on the app's own pages: Danish for a Danish browser, English for an English one", async () => {
    for (const path of ["/", "/signup", "/sign-in", "/sign-in/verify"]) {
      expect({ path, locale: await page(path, { acceptLanguage: DANISH_BROWSER }) }).toEqual({ path, locale: "da" });
      expect({ path, locale: await page(path, { acceptLanguage: ENGLISH_BROWSER }) }).toEqual({ path, locale: "en" });
    }
  });

  it("is English when the browser asks for none of ours, or says nothing", async () => {
    expect(await page("/", { acceptLanguage: "sv-SE,sv;q=0.9" })).toBe("en");
    expect(await page("/", { acceptLanguage: "@@@" })).toBe("en");
    expect(await page("/")).toBe("en");
  });

  it("is the studio's before the browser's, on its pages, its sign-in page and its emailed link", async () => {
    for (const path of [`/${english.slug}`, `/sign-in?account=${english.slug}`, `/sign-in/verify?account=${english.slug}`])
      expect({ path, locale: await page(path, { acceptLanguage: DANISH_BROWSER }) }).toEqual({ path, locale: "en" });
    for (const path of [`/${danish.slug}/classes/x`, `/sign-in/verify?account=${danish.slug}`])
      expect({ path, locale: await page(path, { acceptLanguage: ENGLISH_BROWSER }) }).toEqual({ path, locale: "da" });
  });

  it("is the browser's on the page of a studio that does not exist (its not-found page)", async () => {
    expect(await page("/no-such-studio", { acceptLanguage: DANISH_BROWSER })).toBe("da");
    expect(await page("/no-such-studio", { acceptLanguage: ENGLISH_BROWSER })).toBe("en");
  });

  it("is the visitor's switcher choice before the studio's and the browser's", async () => {
    const cookies = { [LOCALE_COOKIE]: "en" };
    expect(await page(`/${danish.slug}`, { acceptLanguage: DANISH_BROWSER, cookies })).toBe("en");
    expect(await page("/", { acceptLanguage: DANISH_BROWSER, cookies })).toBe("en");
    expect(await page("/signup", { acceptLanguage: ENGLISH_BROWSER, cookies: { [LOCALE_COOKIE]: "da" } })).toBe("da");
  });

  it("is a signed-in person's own choice before everything else", async () => {
    await db.user.update({ where: { id: danish.admin.userId }, data: { locale: "en" } });
    const cookies = { session: danish.admin.token, [LOCALE_COOKIE]: "da" };
    expect(await page(`/${danish.slug}`, { acceptLanguage: DANISH_BROWSER, cookies })).toBe("en");
    expect(await page("/dashboard", { acceptLanguage: DANISH_BROWSER, cookies })).toBe("en");
  });
});
