// The sign-in email's language (lib/i18n/locales.ts emailLocale): the person's own choice, else the
// language of the page they asked on (the sign-in form sends it) or their switcher cookie, else the
// studio's language when we have it, else English.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { waitForEmails, type OutboxEmail } from "@/tests/helpers/outbox";

let ipCounter = 0;
const fromNewIp = () => ({ [CLIENT_ADDRESS_HEADER]: `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const unique = () => randomUUID().slice(0, 8);

/** A member of a fresh studio (locale tag `studioLocale`) with their own language `locale` (null: none). */
async function member(options: { studioLocale?: string; locale: string | null }) {
  const tenant = await createTenant({ name: "Studio Sol" });
  if (options.studioLocale) await db.account.update({ where: { id: tenant.accountId }, data: { locale: options.studioLocale } });
  const person = await createMember(tenant.accountId, "attendee");
  await db.user.update({ where: { id: person.userId }, data: { locale: options.locale } });
  return { accountId: tenant.accountId, slug: tenant.slug, email: person.email };
}

/** POST /auth/magic-links, with the switcher's cookie when given; the email that arrives. */
async function requestLink(who: { accountId: string; email: string }, cookieLocale?: string): Promise<OutboxEmail> {
  const headers: Record<string, string> = fromNewIp();
  if (cookieLocale) headers.cookie = `studio_locale=${cookieLocale}`;
  const response = await api("POST", "/auth/magic-links", { body: { email: who.email, accountId: who.accountId }, headers });
  expect(response.status).toBe(202);
  return (await waitForEmails(who.email)).at(-1)!;
}

/** What the sign-in form posts through NextAuth (next-auth/react signIn), with the page's language. */
async function webSignIn(who: { accountId: string; email: string }, options: { pageLocale?: string; cookieLocale?: string }) {
  const csrf = await api("GET", "/auth/csrf");
  const csrfCookie = csrf.headers.getSetCookie().find((c) => c.startsWith("next-auth.csrf-token="))!.split(";")[0]!;
  const body: Record<string, string> = {
    email: who.email,
    accountId: who.accountId,
    csrfToken: csrf.body.csrfToken as string,
    callbackUrl: "http://localhost:3000/",
    json: "true",
  };
  if (options.pageLocale) body.locale = options.pageLocale;
  const cookie = options.cookieLocale ? `${csrfCookie}; studio_locale=${options.cookieLocale}` : csrfCookie;
  const response = await api("POST", "/auth/signin/email", { body, cookie, headers: fromNewIp() });
  expect(response.status).toBe(200);
  return (await waitForEmails(who.email)).at(-1)!;
}

function expectDanish(email: OutboxEmail) {
  expect(email.locale).toBe("da");
  expect(email.subject).toBe("Log ind på Studio Sol");
  expect(email.html).toMatch(/<html [^>]*lang="da"/);
  expect(email.text).toContain("Tryk på knappen for at logge ind.");
}

function expectEnglish(email: OutboxEmail) {
  expect(email.locale).toBe("en");
  expect(email.subject).toBe("Sign in to Studio Sol");
  expect(email.html).toMatch(/<html [^>]*lang="en"/);
  expect(email.text).toContain("Press the button to sign in.");
}

describe("the language of a sign-in email", () => {
  it("is the studio's language (da-DK) for a person who chose none and has no switcher cookie", async () => {
    expectDanish(await requestLink(await member({ locale: null })));
  });

  it("is the person's own choice, over the switcher's cookie and the studio's language", async () => {
    expectEnglish(await requestLink(await member({ locale: "en" }), "da"));
    expectDanish(await requestLink(await member({ locale: "da", studioLocale: "en-GB" }), "en"));
  });

  it("follows the visitor's switcher cookie when the person chose none", async () => {
    expectEnglish(await requestLink(await member({ locale: null }), "en"));
    expectDanish(await requestLink(await member({ locale: null, studioLocale: "de-DE" }), "da"));
    expectDanish(await requestLink(await member({ locale: null }), "xx")); // not a language we speak
  });

  it("is English for a studio whose language we do not have (de-DE)", async () => {
    expectEnglish(await requestLink(await member({ locale: null, studioLocale: "de-DE" })));
  });

  it("from the web sign-in form: the language of the page it was asked on, else the cookie, never over the person's own choice", async () => {
    expectEnglish(await webSignIn(await member({ locale: null }), { pageLocale: "en" }));
    expectDanish(await webSignIn(await member({ locale: null, studioLocale: "en-US" }), { pageLocale: "da" }));
    expectEnglish(await webSignIn(await member({ locale: null }), { cookieLocale: "en" }));
    expectDanish(await webSignIn(await member({ locale: null }), {}));
    expectDanish(await webSignIn(await member({ locale: "da" }), { pageLocale: "en", cookieLocale: "en" }));
  });

  it("for a new studio (da-DK) or a self-registered attendee: the switcher's cookie, else the studio's language", async () => {
    const signUp = async (cookieLocale?: string) => {
      const email = `owner-${unique()}@example.com`;
      const headers: Record<string, string> = fromNewIp();
      if (cookieLocale) headers.cookie = `studio_locale=${cookieLocale}`;
      const body = { accountName: "Studio Sol", email, displayName: "Nora Vinter" };
      expect((await api("POST", "/auth/signup", { body, headers })).status).toBe(201);
      return (await waitForEmails(email))[0]!;
    };
    expectDanish(await signUp());
    expectEnglish(await signUp("en"));

    const { accountId } = await createTenant({ name: "Studio Sol" });
    const register = async (cookieLocale?: string) => {
      const email = `attendee-${unique()}@example.com`;
      const headers: Record<string, string> = fromNewIp();
      if (cookieLocale) headers.cookie = `studio_locale=${cookieLocale}`;
      const body = { email, displayName: "Nora Berg" };
      expect((await api("POST", `/accounts/${accountId}/attendees`, { body, headers })).status).toBe(201);
      return (await waitForEmails(email))[0]!;
    };
    expectDanish(await register());
    expectEnglish(await register("en"));
  });

  it("names the studio in its link, so the page it opens speaks the studio's language to a new browser", async () => {
    const who = await member({ locale: null });
    const email = await requestLink(who);
    const link = new URL(/http:\/\/\S+\/sign-in\/verify\?\S+/.exec(email.text)![0]);
    expect(link.pathname).toBe("/sign-in/verify");
    expect(link.searchParams.get("account")).toBe(who.slug);
    expect(link.searchParams.get("token")).toMatch(/\S{20,}/);
  });
});
