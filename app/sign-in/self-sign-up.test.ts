// A new person signs themselves up on a studio's sign-in page ("New here?", app/sign-in/actions.ts),
// a member signs in there as before (NextAuth's email provider), and the emailed link brings either
// back to where they started (returnTo, a path of this site only), through the real actions and route
// handlers on a real database.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, tokenFromEmail, waitForEmails, type OutboxEmail } from "@/tests/helpers/outbox";
import { actionRequest as request, redirectOf } from "@/tests/helpers/server-action";

// The request a server action sees: the client address our server stamps, and a cookie jar.
vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);

const { registerNewMember } = await import("./actions");
// The server starts its background work at boot (instrumentation.ts); these actions are called
// without a request through the api helper, which would start it.
beforeAll(() => startBackgroundWork());
const { signInWithLink } = await import("./verify/actions");

let ipCounter = 0;
function fromNewIp(): string {
  const ip = `10.28.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  request.headers = new Headers({ [CLIENT_ADDRESS_HEADER]: ip });
  return ip;
}

const newEmail = () => `new-${randomUUID()}@example.com`;

/** The path and query of the emailed sign-in link. */
function linkOf(email: OutboxEmail): URL {
  const match = /http:\/\/localhost:3000\/sign-in\/verify\?[^\s"<>]+/.exec(email.text);
  expect(match, "the email holds the sign-in link").not.toBeNull();
  return new URL(match![0]);
}

/** Presses "Sign in" on the page the link opens: the token and the returnTo it carries. */
function pressSignIn(link: URL): Promise<string> {
  const form = new FormData();
  form.set("token", link.searchParams.get("token")!);
  const returnTo = link.searchParams.get("returnTo");
  if (returnTo !== null) form.set("returnTo", returnTo);
  return redirectOf(signInWithLink(form));
}

/** What next-auth/react's signIn("email", { email, accountId, locale, returnTo, redirect: false }) posts. */
async function webSignIn(body: { email: string; accountId: string; returnTo?: string; locale?: string }) {
  const csrf = await api("GET", "/auth/csrf");
  const cookie = csrf.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.csrf-token="))!
    .split(";")[0]!;
  const form = {
    ...body,
    csrfToken: csrf.body.csrfToken as string,
    callbackUrl: "http://localhost:3000/",
    json: "true",
  };
  return api("POST", "/auth/signin/email", { body: form, cookie, headers: { [CLIENT_ADDRESS_HEADER]: fromNewIp() } });
}

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant({ name: "Studio Nørrebro" });
  fromNewIp();
  request.setCookies = [];
});

const saved = {
  perEmail: process.env.RATE_LIMIT_REGISTRATION_PER_EMAIL,
  perIp: process.env.RATE_LIMIT_REGISTRATION_PER_IP,
};
afterEach(() => {
  for (const [name, value] of [
    ["RATE_LIMIT_REGISTRATION_PER_EMAIL", saved.perEmail],
    ["RATE_LIMIT_REGISTRATION_PER_IP", saved.perIp],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe("a new person on the studio's sign-in page", () => {
  it("is registered with their name and date of birth, gets the link in the page's language, and lands back on the class", async () => {
    const email = newEmail();
    const classPath = `/${tenant.slug}/classes/${randomUUID()}`;

    const result = await registerNewMember({
      accountId: tenant.accountId,
      email: ` ${email.toUpperCase()} `,
      displayName: " Freja Lund ",
      dateOfBirth: "2012-05-01",
      returnTo: classPath,
      locale: "da",
    });
    expect(result).toEqual({ ok: true, email });

    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user).toMatchObject({
      displayName: "Freja Lund",
      status: "active",
      dateOfBirth: new Date("2012-05-01T00:00:00Z"),
    });
    expect(user.memberships).toEqual([expect.objectContaining({ accountId: tenant.accountId, persona: "attendee" })]);

    const [mail] = await waitForEmails(email);
    expect(mail!.locale).toBe("da");
    expect(mail!.subject).toBe("Log ind på Studio Nørrebro");
    const link = linkOf(mail!);
    expect(link.searchParams.get("returnTo")).toBe(classPath);
    expect(link.searchParams.get("token")).toBe(tokenFromEmail(mail!));

    expect(await pressSignIn(link)).toBe(classPath);
    expect(request.setCookies).toEqual([expect.objectContaining({ name: "session" })]);
    const me = await api("GET", "/me", { cookie: `session=${request.setCookies[0]!.value}` });
    expect(me.body).toMatchObject({ user: { email, displayName: "Freja Lund" }, persona: "attendee" });
  });

  it("gets an English email on an English page, and the studio's schedule when there is nowhere to return to", async () => {
    const email = newEmail();
    expect(
      await registerNewMember({ accountId: tenant.accountId, email, displayName: "Sam Berg", locale: "en" }),
    ).toEqual({
      ok: true,
      email,
    });
    const [mail] = await waitForEmails(email);
    expect(mail).toMatchObject({ locale: "en", subject: "Sign in to Studio Nørrebro" });
    const link = linkOf(mail!);
    expect(link.searchParams.has("returnTo")).toBe(false);
    expect(await pressSignIn(link)).toBe(`/${tenant.slug}`);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).dateOfBirth).toBeNull();
  });

  it("says in the page's language what to correct, and registers nobody", async () => {
    const email = newEmail();
    const blank = await registerNewMember({ accountId: tenant.accountId, email, displayName: "  ", locale: "da" });
    expect(blank).toEqual({
      ok: false,
      error: "Ret de markerede felter.",
      fieldErrors: { displayName: "Skriv dit navn (1 til 200 tegn)." },
    });
    const future = await registerNewMember({
      accountId: tenant.accountId,
      email: "not an email",
      displayName: "Ida",
      dateOfBirth: "2999-01-01",
      locale: "en",
    });
    expect(future).toEqual({
      ok: false,
      error: "Correct the marked fields.",
      fieldErrors: {
        email: "Enter a valid email address.",
        dateOfBirth: "Enter a real date of birth, or leave it empty.",
      },
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

describe("someone the studio or the service already knows", () => {
  it("a member signs in as before, and the link brings them back where they started", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const passPath = `/${tenant.slug}/passes#product-p1`;

    const response = await webSignIn({
      email: member.email,
      accountId: tenant.accountId,
      returnTo: passPath,
      locale: "da",
    });
    expect(response.body).toEqual({ url: "http://localhost:3000/api/auth/verify-request?provider=email&type=email" });
    const [mail] = await waitForEmails(member.email);
    expect(mail!.locale).toBe("da");
    const link = linkOf(mail!);
    expect(link.searchParams.get("returnTo")).toBe(passPath);
    expect(await pressSignIn(link)).toBe(passPath);
    expect(await db.membership.findMany({ where: { userId: member.userId } })).toEqual([
      expect.objectContaining({ accountId: tenant.accountId, persona: "attendee" }),
    ]);
  });

  it("a member who answers 'New here?' anyway gets the same answer and a link, and nothing stored changes", async () => {
    const member = await createMember(tenant.accountId, "administrator", { displayName: "Anna Admin" });
    const before = await db.user.findUniqueOrThrow({ where: { id: member.userId } });

    const result = await registerNewMember({
      accountId: tenant.accountId,
      email: member.email,
      displayName: "Somebody Else",
      dateOfBirth: "1990-01-01",
      locale: "da",
    });
    expect(result).toEqual({ ok: true, email: member.email });
    await waitForEmails(member.email);
    expect(await db.user.findUniqueOrThrow({ where: { id: member.userId } })).toEqual(before);
    expect(await db.membership.findMany({ where: { userId: member.userId } })).toEqual([
      expect.objectContaining({ accountId: tenant.accountId, persona: "administrator" }),
    ]);
  });

  it("a member of another studio joins this one with their own identity, name and birth date untouched", async () => {
    const elsewhere = await createTenant();
    const person = await createMember(elsewhere.accountId, "attendee", { displayName: "Karl Kent" });
    expect(
      await registerNewMember({
        accountId: tenant.accountId,
        email: person.email,
        displayName: "Mallory",
        dateOfBirth: "2001-02-03",
        locale: "da",
      }),
    ).toEqual({ ok: true, email: person.email });
    const user = await db.user.findUniqueOrThrow({ where: { id: person.userId }, include: { memberships: true } });
    expect(user).toMatchObject({ displayName: "Karl Kent", dateOfBirth: null });
    expect(user.memberships.map((m) => m.accountId).sort()).toEqual([elsewhere.accountId, tenant.accountId].sort());
  });
});

describe("returnTo is a path of this site or nothing", () => {
  it("drops an address of another site from the emailed link, for a new person and a member", async () => {
    const email = newEmail();
    await registerNewMember({
      accountId: tenant.accountId,
      email,
      displayName: "Eve",
      returnTo: "//evil.example/x",
      locale: "da",
    });
    const member = await createMember(tenant.accountId, "attendee");
    await webSignIn({ email: member.email, accountId: tenant.accountId, returnTo: "https://evil.example/" });

    for (const to of [email, member.email]) {
      const [mail] = await waitForEmails(to);
      const link = linkOf(mail!);
      expect(link.searchParams.has("returnTo")).toBe(false);
      expect(mail!.text).not.toContain("evil.example");
    }
  });

  it("the sign-in button refuses a forged returnTo and goes to the studio's schedule", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    for (const forged of ["https://evil.example/", "/\\evil.example", "//evil.example"]) {
      const sent = readOutbox().filter((e) => e.to === member.email).length;
      await webSignIn({ email: member.email, accountId: tenant.accountId });
      const emails = await waitForEmails(member.email, sent + 1);
      const link = linkOf(emails.at(-1)!);
      link.searchParams.set("returnTo", forged);
      expect(await pressSignIn(link)).toBe(`/${tenant.slug}`);
    }
  });
});

describe("the registration limits hold on the page", () => {
  it("refuses the 6th registration of one email in the visitor's language", async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      fromNewIp();
      expect(
        await registerNewMember({ accountId: tenant.accountId, email, displayName: "Bo", locale: "da" }),
      ).toMatchObject({
        ok: true,
      });
    }
    fromNewIp();
    expect(await registerNewMember({ accountId: tenant.accountId, email, displayName: "Bo", locale: "da" })).toEqual({
      ok: false,
      error: "For mange forsøg på at oprette en profil. Vent 15 minutter, og prøv igen.",
      fieldErrors: {},
    });
    await waitForEmails(email, 5);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readOutbox().filter((e) => e.to === email)).toHaveLength(5);
  });

  it("refuses registrations from one address past its limit, and the API shares the count", async () => {
    process.env.RATE_LIMIT_REGISTRATION_PER_IP = "3";
    resetEnvCache();
    const ip = fromNewIp();
    for (let i = 0; i < 2; i++) {
      expect(
        await registerNewMember({ accountId: tenant.accountId, email: newEmail(), displayName: "Bo", locale: "da" }),
      ).toMatchObject({ ok: true });
    }
    const viaApi = await api("POST", `/accounts/${tenant.accountId}/attendees`, {
      body: { email: newEmail(), displayName: "Bo" },
      headers: { [CLIENT_ADDRESS_HEADER]: ip },
    });
    expect(viaApi.status).toBe(201);
    const refused = newEmail();
    expect(
      await registerNewMember({ accountId: tenant.accountId, email: refused, displayName: "Bo", locale: "da" }),
    ).toEqual({
      ok: false,
      error: "For mange forsøg på at oprette en profil. Vent 15 minutter, og prøv igen.",
      fieldErrors: {},
    });
    expect(await db.user.count({ where: { email: refused } })).toBe(0);
  });
});
