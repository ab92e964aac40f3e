// The web sign-in through NextAuth's email provider, driven through the real route handler the way
// next-auth/react's signIn("email", …) does it: GET /api/auth/csrf, then POST /api/auth/signin/email.
import { createHash, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setLogSink } from "@/lib/log";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { emailedToken, readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { expectLogged } from "@/tests/helpers/logs";
import { decodeIdentifier, encodeIdentifier } from "./nextauth-identifier";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const CHECK_EMAIL = "http://localhost:3000/api/auth/verify-request?provider=email&type=email";
let ipCounter = 0;
// The address the app\'s server stamps on each request (lib/http/client-address.ts).
const fromNewIp = () => ({ [CLIENT_ADDRESS_HEADER]: `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

afterEach(() => setLogSink(undefined));

/** GET /api/auth/csrf: the token for the form and the cookie that must come back with it. */
async function csrf() {
  const response = await api("GET", "/auth/csrf");
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.csrf-token="));
  expect(setCookie).toBeDefined();
  return { csrfToken: response.body.csrfToken as string, cookie: setCookie!.split(";")[0]! };
}

/** What next-auth/react's signIn("email", { email, accountId, redirect: false }) posts. */
async function webSignIn(email: string, accountId: string | undefined, headers: Record<string, string> = fromNewIp()) {
  const { csrfToken, cookie } = await csrf();
  const body: Record<string, string> = { email, csrfToken, callbackUrl: "http://localhost:3000/", json: "true" };
  if (accountId !== undefined) body.accountId = accountId;
  return api("POST", "/auth/signin/email", { body, cookie, headers });
}

describe("web sign-in through NextAuth", () => {
  it("issues our single-use link: the stored hash is sha256 of the emailed token, and the API consumes it", async () => {
    const { accountId } = await createTenant({ name: "Studio Amager" });
    const member = await createMember(accountId, "attendee", { status: "invited" });
    const before = Date.now();

    const response = await webSignIn(`  ${member.email.toUpperCase()} `, accountId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: CHECK_EMAIL });
    const after = Date.now();

    const [email] = await waitForEmails(member.email);
    expect(email!.subject).toContain("Studio Amager");
    const token = await emailedToken(member.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email!.text).toContain(`http://localhost:3000/sign-in/verify?token=${token}`);

    const rows = await db.magicLink.findMany({ where: { userId: member.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: sha256(token), accountId, consumedAt: null });
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(rows[0]!.expiresAt.getTime()).toBeLessThanOrEqual(after + 15 * 60_000 + 1000);

    const consumed = await api("POST", "/auth/magic-links/consume", { body: { token } });
    expect(consumed.status).toBe(200);
    expect(consumed.body.session.accountId).toBe(accountId);
    expect(consumed.body.user.status).toBe("active");
    expect((await api("POST", "/auth/magic-links/consume", { body: { token } })).status).toBe(401);
  });

  it("answers a stranger to the account exactly like a user, and sends nothing", async () => {
    const home = await createTenant();
    const elsewhere = await createTenant();
    const outsider = await createMember(elsewhere.accountId, "attendee");
    const unknown = `nobody-${randomUUID()}@example.com`;

    for (const email of [outsider.email, unknown]) {
      const response = await webSignIn(email, home.accountId);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ url: CHECK_EMAIL });
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readOutbox().filter((e) => e.to === outsider.email || e.to === unknown)).toEqual([]);
    expect(await db.magicLink.count({ where: { userId: outsider.userId } })).toBe(0);
  });

  it("sends nothing without an account or with a forged CSRF token", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");

    // NextAuth logs the refusal of a sign-in without a studio as its own error.
    expectLogged("error", /^nextauth error \{"code":"SIGNIN_EMAIL_ERROR"\}/);
    const withoutAccount = await webSignIn(member.email, undefined);
    expect(withoutAccount.body.url).toBe("http://localhost:3000/api/auth/error?error=EmailSignin");

    const { cookie } = await csrf();
    const forged = await api("POST", "/auth/signin/email", {
      body: { email: member.email, accountId, csrfToken: "forged", json: "true" },
      cookie,
      headers: fromNewIp(),
    });
    expect(forged.body.url).toMatch(/\/api\/auth\/signin\?csrf=true$/);

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await db.magicLink.count({ where: { userId: member.userId } })).toBe(0);
  });

  it("shares the magic-link rate limit with the API: the 6th request is refused", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    for (let i = 0; i < 3; i++) {
      expect((await api("POST", "/auth/magic-links", { body: { email: member.email, accountId }, headers: fromNewIp() })).status).toBe(202);
    }
    for (let i = 0; i < 2; i++) expect((await webSignIn(member.email, accountId)).body).toEqual({ url: CHECK_EMAIL });
    const limited = await webSignIn(member.email, accountId);
    expect(limited.body).toEqual({ url: "http://localhost:3000/sign-in?error=RateLimited" });
    await waitForEmails(member.email, 5);
    expect(await db.magicLink.count({ where: { userId: member.userId } })).toBe(5);
  });

  it("never consumes a link on a GET: NextAuth's own callback route is not served", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await webSignIn(member.email, accountId);
    const token = await emailedToken(member.email);
    const callback = await api("GET", `/auth/callback/email?token=${token}&email=${encodeURIComponent(member.email)}`);
    expect(callback).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect((await api("POST", "/auth/magic-links/consume", { body: { token } })).status).toBe(200);
  });

  it("answers unknown NextAuth paths like any unknown path, and bounds the body", async () => {
    expect(await api("GET", "/auth/nope")).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await api("POST", "/auth/signin/github", { body: {} })).toMatchObject({ status: 404 });
    const oversize = await api("POST", "/auth/signin/email", { rawBody: JSON.stringify({ pad: "x".repeat(110 * 1024) }) });
    expect(oversize).toMatchObject({ status: 413, body: { error: "Payload too large" } });
    const providers = await api("GET", "/auth/providers");
    expect(providers.status).toBe(200);
    expect(Object.keys(providers.body)).toEqual(["email"]);
  });

  it("logs no token, link or CSRF secret", async () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line), "debug");
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    const { csrfToken, cookie } = await csrf();
    await api("POST", "/auth/signin/email", {
      body: { email: member.email, accountId, csrfToken, json: "true" },
      cookie,
      headers: fromNewIp(),
    });
    const token = await emailedToken(member.email);
    expect(lines.length).toBeGreaterThan(0);
    const output = lines.join("\n");
    for (const secret of [token, csrfToken, "/sign-in/verify", member.email]) expect(output).not.toContain(secret);
  });
});

describe("the sign-in identifier", () => {
  it("carries account and normalized email, and rejects what cannot be one", () => {
    expect(encodeIdentifier("acc-1", "  Ida@Example.COM ")).toBe("acc-1|ida@example.com");
    expect(decodeIdentifier("acc-1|ida@example.com")).toEqual({ accountId: "acc-1", email: "ida@example.com" });
    expect(() => encodeIdentifier(undefined, "ida@example.com")).toThrow();
    expect(() => encodeIdentifier("", "ida@example.com")).toThrow();
    expect(() => encodeIdentifier("a|b", "ida@example.com")).toThrow();
    expect(() => encodeIdentifier("acc-1", "not an email")).toThrow();
    expect(decodeIdentifier("ida@example.com")).toBeNull();
    expect(decodeIdentifier("|ida@example.com")).toBeNull();
  });
});
