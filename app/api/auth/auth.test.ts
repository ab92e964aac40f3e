import { createHash, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { setLogSink } from "@/lib/log";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { emailedToken, emailedTokens, waitForEmails } from "@/tests/helpers/outbox";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const unique = () => randomUUID().slice(0, 8);
let ipCounter = 0;
/** A fresh client address, so that one test's requests never count against another's IP limit. */
// The address the app\'s server stamps on each request (lib/http/client-address.ts).
const fromNewIp = () => ({ [CLIENT_ADDRESS_HEADER]: `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const savedEnv = { ...process.env };
function setEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetEnvCache();
}
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetEnvCache();
  setLogSink(undefined);
});

async function signUp(overrides: Partial<{ accountName: string; email: string; displayName: string }> = {}) {
  const body = {
    accountName: `Studio ${unique()}`,
    email: `owner-${unique()}@example.com`,
    displayName: "Ida Holm",
    ...overrides,
  };
  const response = await api("POST", "/auth/signup", { body, headers: fromNewIp() });
  expect(response.status).toBe(201);
  return response.body;
}

async function requestLink(email: string, accountId: string, headers: Record<string, string> = fromNewIp()) {
  return api("POST", "/auth/magic-links", { body: { email, accountId }, headers });
}

async function consume(token: string) {
  return api("POST", "/auth/magic-links/consume", { body: { token } });
}

/** A member of a fresh tenant signed in through the real flow: request, read the email, consume. */
async function signedInMember(persona: "administrator" | "attendee" = "attendee") {
  const tenant = await createTenant();
  const member = await createMember(tenant.accountId, persona);
  expect((await requestLink(member.email, tenant.accountId)).status).toBe(202);
  const signedIn = await consume(await emailedToken(member.email));
  expect(signedIn.status).toBe(200);
  return { tenant, member, token: signedIn.body.session.id as string };
}

const OVERSIZE = JSON.stringify({ pad: "x".repeat(110 * 1024) });

describe("POST /auth/signup", () => {
  it("creates the account, its administrator and membership, and emails a sign-in link", async () => {
    const before = Date.now();
    const body = await signUp({
      accountName: "Yoga på Nørrebro",
      email: "  Founder.One@Example.COM ",
      displayName: "Ida Holm",
    });

    expect(body.account).toMatchObject({
      name: "Yoga på Nørrebro",
      slug: "yoga-paa-noerrebro",
      timezone: "Europe/Copenhagen",
      locale: "da-DK",
      currency: "DKK",
      bookingPolicy: { quietHours: { from: "22:00", to: "08:00" } }, // a new studio's nights are quiet
    });
    expect(body.user).toMatchObject({
      email: "founder.one@example.com",
      displayName: "Ida Holm",
      status: "active",
      dateOfBirth: null,
    });
    const expiresAt = Date.parse(body.magicLink.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    expect(body.magicLink.expiresAt).toMatch(/Z$/);

    const membership = await db.membership.findUnique({
      where: { accountId_userId: { accountId: body.account.id, userId: body.user.id } },
    });
    expect(membership?.persona).toBe("administrator");

    const [email] = await waitForEmails("founder.one@example.com");
    expect(email!.subject).toContain("Yoga på Nørrebro");
    const token = await emailedToken("founder.one@example.com");
    expect(email!.text).toContain(`http://localhost:3000/sign-in/verify?token=${token}`);
    expect(email!.html).toContain(`http://localhost:3000/sign-in/verify?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    // Demo mode (the test default) echoes the very token that was emailed; only its hash is stored.
    expect(body.magicLink.token).toBe(token);
    const links = await db.magicLink.findMany({ where: { userId: body.user.id } });
    expect(links.map((l) => l.tokenHash)).toEqual([sha256(token)]);

    const signedIn = await consume(token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.membership).toEqual({
      accountId: body.account.id,
      userId: body.user.id,
      persona: "administrator",
    });
  });

  it("leaves the token out of the answer outside demo mode", async () => {
    setEnv({ DEMO_MODE: "false" });
    const body = await signUp();
    expect(Object.keys(body.magicLink)).toEqual(["expiresAt"]);
    expect(await emailedToken(body.user.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("puts the token in the answer in demo mode", async () => {
    setEnv({ DEMO_MODE: "true" });
    const body = await signUp();
    expect(body.magicLink.token).toBe(await emailedToken(body.user.email));
  });

  it("gives every account a unique slug", async () => {
    const first = await signUp({ accountName: "Hot Yoga!" });
    const second = await signUp({ accountName: "hot   yoga" });
    const third = await signUp({ accountName: "Hot-Yoga" });
    expect([first.account.slug, second.account.slug, third.account.slug]).toEqual([
      "hot-yoga",
      "hot-yoga-2",
      "hot-yoga-3",
    ]);
  });

  it("never hands out a reserved slug", async () => {
    const body = await signUp({ accountName: "Demo" });
    expect(body.account.slug).not.toBe("demo");
    expect(body.account.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("answers 409 for an email that is already registered, in any letter case", async () => {
    const { admin } = await createTenant();
    const response = await api("POST", "/auth/signup", {
      body: { accountName: "Second studio", email: ` ${admin.email.toUpperCase()} `, displayName: "Again" },
      headers: fromNewIp(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: "Email already registered" });
    expect(await db.account.count({ where: { name: "Second studio" } })).toBe(0);
  });

  it("lets exactly one of two concurrent sign-ups with one email through", async () => {
    const email = `race-${unique()}@example.com`;
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        api("POST", "/auth/signup", {
          body: { accountName: `Race ${n}`, email, displayName: "R" },
          headers: fromNewIp(),
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it.each([
    ["a missing field", { accountName: "A", email: "a@example.com" }],
    ["an invalid email", { accountName: "A", email: "not-an-email", displayName: "A" }],
    ["an empty account name", { accountName: "  ", email: "a@example.com", displayName: "A" }],
    ["an empty display name", { accountName: "A", email: "a@example.com", displayName: "" }],
    ["a wrong type", { accountName: 42, email: "a@example.com", displayName: "A" }],
    ["an unknown field", { accountName: "A", email: "a@example.com", displayName: "A", accountId: "x" }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/auth/signup", { body, headers: fromNewIp() });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const malformed = await api("POST", "/auth/signup", { rawBody: "{ not json", headers: fromNewIp() });
    expect(malformed).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    const oversize = await api("POST", "/auth/signup", { rawBody: OVERSIZE, headers: fromNewIp() });
    expect(oversize).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("limits sign-ups per client IP (configurable)", async () => {
    setEnv({ RATE_LIMIT_SIGNUP_PER_IP: "2" });
    const headers = fromNewIp();
    const attempt = () =>
      api("POST", "/auth/signup", {
        body: { accountName: "Limited", email: `limited-${unique()}@example.com`, displayName: "L" },
        headers,
      });
    expect((await attempt()).status).toBe(201);
    expect((await attempt()).status).toBe(201);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many requests" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another address is not affected.
    const other = await api("POST", "/auth/signup", {
      body: { accountName: "Other", email: `other-${unique()}@example.com`, displayName: "O" },
      headers: fromNewIp(),
    });
    expect(other.status).toBe(201);
  });

  it("answers 405 for another method", async () => {
    expect(await api("GET", "/auth/signup")).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
  });
});

describe("POST /auth/magic-links", () => {
  it("emails a single-use link to a user of the account and answers 202 with its expiry", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    const before = Date.now();
    const response = await requestLink(`  ${member.email.toUpperCase()}`, accountId);
    expect(response.status).toBe(202);
    expect(Object.keys(response.body)).toEqual(["expiresAt"]);
    expect(Date.parse(response.body.expiresAt)).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(Date.parse(response.body.expiresAt)).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);

    const [email] = await waitForEmails(member.email);
    const token = await emailedToken(member.email);
    expect(email!.text).toContain(`http://localhost:3000/sign-in/verify?token=${token}`);
    const row = await db.magicLink.findUnique({ where: { tokenHash: sha256(token) } });
    expect(row).toMatchObject({ userId: member.userId, accountId, consumedAt: null });
    expect(row!.expiresAt.toISOString()).toBe(response.body.expiresAt);
  });

  it("answers 404 for an unknown account, an unknown email and a user of another account", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const cases = [
      { email: a.admin.email, accountId: randomUUID() },
      { email: `nobody-${unique()}@example.com`, accountId: a.accountId },
      { email: b.admin.email, accountId: a.accountId },
    ];
    for (const body of cases) {
      const response = await requestLink(body.email, body.accountId);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "Resource not found" });
    }
    // Nothing was sent and nothing stored for the misses.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.magicLink.count({ where: { userId: { in: [a.admin.userId, b.admin.userId] } } })).toBe(0);
  });

  it("answers 404 for a disabled user", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee", { status: "disabled" });
    expect(await requestLink(member.email, accountId)).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
  });

  it("keeps an older unexpired link valid when a newer one is sent", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    expect((await requestLink(member.email, accountId)).status).toBe(202);
    expect((await requestLink(member.email, accountId)).status).toBe(202);
    const tokens = await emailedTokens(member.email, 2);
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) expect((await consume(token)).status).toBe(200);
    for (const token of tokens) expect((await consume(token)).status).toBe(401);
  });

  it("answers the 6th request for one email and account within the window with 429 and Retry-After", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    for (let i = 0; i < 5; i++) expect((await requestLink(member.email, accountId)).status).toBe(202);
    const limited = await requestLink(member.email.toUpperCase(), accountId);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many requests" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Five links went out, the sixth request sent none.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.magicLink.count({ where: { userId: member.userId } })).toBe(5);

    // The same email for another account has its own budget.
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: member.userId, persona: "attendee" } });
    expect((await requestLink(member.email, other.accountId)).status).toBe(202);
  });

  it("counts requests for unknown users too, so that guessing is limited as well", async () => {
    const { accountId } = await createTenant();
    const email = `ghost-${unique()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await requestLink(email, accountId)).status).toBe(404);
    expect((await requestLink(email, accountId)).status).toBe(429);
  });

  it("limits requests per client IP to 30 per window", async () => {
    const { accountId } = await createTenant();
    const headers = fromNewIp();
    for (let i = 0; i < 30; i++) {
      expect((await requestLink(`guess-${i}-${unique()}@example.com`, accountId, headers)).status).toBe(404);
    }
    const limited = await requestLink(`guess-last@example.com`, accountId, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await requestLink(`guess-other@example.com`, accountId, fromNewIp())).status).toBe(404);
  });

  it("keeps its counters in the shared table, so that every app process sees the same counts", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    expect((await requestLink(member.email, accountId)).status).toBe(202);
    const buckets = await db.rateLimitBucket.findMany({ where: { count: 1 } });
    expect(buckets.length).toBeGreaterThan(0);
    // No key holds the email or the address in clear.
    const all = await db.rateLimitBucket.findMany();
    for (const bucket of all) {
      expect(bucket.key).toMatch(/^[0-9a-f]{64}$/);
      expect(bucket.key).not.toContain(member.email);
    }
    // Another process that counted four more requests for this email: the next one here is the
    // sixth and is refused.
    await db.rateLimitBucket.updateMany({
      where: { key: { in: all.map((b) => b.key) }, count: 1 },
      data: { count: 5 },
    });
    const limited = await requestLink(member.email, accountId);
    expect(limited.status).toBe(429);
  });

  it.each([
    ["a missing accountId", { email: "a@example.com" }],
    ["an invalid email", { email: "nope", accountId: "x" }],
    ["an empty accountId", { email: "a@example.com", accountId: "" }],
    ["a wrong type", { email: "a@example.com", accountId: 7 }],
    ["an unknown field", { email: "a@example.com", accountId: "x", persona: "administrator" }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/auth/magic-links", { body, headers: fromNewIp() });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/auth/magic-links", { rawBody: "{", headers: fromNewIp() })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("POST", "/auth/magic-links", { rawBody: OVERSIZE, headers: fromNewIp() })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });
});

describe("POST /auth/magic-links/consume", () => {
  it("exchanges the emailed token for a 30-day Bearer session", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await requestLink(member.email, accountId);
    const token = await emailedToken(member.email);
    const before = Date.now();
    const response = await consume(token);
    expect(response.status).toBe(200);
    const { session, user, membership } = response.body;
    expect(session).toMatchObject({ userId: member.userId, accountId });
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).not.toBe(token);
    const lifetime = Date.parse(session.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(30 * 86_400_000 - 5000);
    expect(lifetime).toBeLessThan(30 * 86_400_000 + 5000);
    expect(user).toMatchObject({ id: member.userId, email: member.email, status: "active" });
    expect(membership).toEqual({ accountId, userId: member.userId, persona: "attendee" });
    // Only the hash of the credential is stored.
    const stored = await db.session.findUnique({ where: { tokenHash: sha256(session.id) } });
    expect(stored).toMatchObject({ userId: member.userId, accountId, kind: "bearer" });
    expect(await db.session.count({ where: { tokenHash: session.id } })).toBe(0);
    // And it authenticates.
    const switched = await api("POST", "/session/account", { token: session.id, body: { accountId } });
    expect(switched.status).toBe(200);
  });

  it("works exactly once", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await requestLink(member.email, accountId);
    const token = await emailedToken(member.email);
    expect((await consume(token)).status).toBe(200);
    const again = await consume(token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: "Magic link is used or expired" });
  });

  it("answers 401 for an expired link", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await requestLink(member.email, accountId);
    const token = await emailedToken(member.email);
    await db.magicLink.update({
      where: { tokenHash: sha256(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await consume(token)).toMatchObject({ status: 401, body: { error: "Magic link is used or expired" } });
  });

  it("answers 401 for an unknown token", async () => {
    expect(await consume("x".repeat(43))).toMatchObject({
      status: 401,
      body: { error: "Magic link is used or expired" },
    });
  });

  it("answers 401 when the user was removed from the account after the link was sent", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await requestLink(member.email, accountId);
    const token = await emailedToken(member.email);
    await db.membership.delete({ where: { accountId_userId: { accountId, userId: member.userId } } });
    expect(await consume(token)).toMatchObject({ status: 401, body: { error: "Magic link is used or expired" } });
  });

  it("makes an invited user active", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee", { status: "invited" });
    expect((await requestLink(member.email, accountId)).status).toBe(202);
    const response = await consume(await emailedToken(member.email));
    expect(response.status).toBe(200);
    expect(response.body.user.status).toBe("active");
    expect((await db.user.findUnique({ where: { id: member.userId } }))?.status).toBe("active");
  });

  it("yields exactly one session when one token is consumed 20 times at once", async () => {
    const { accountId } = await createTenant();
    const member = await createMember(accountId, "attendee");
    await requestLink(member.email, accountId);
    const token = await emailedToken(member.email);
    const sessionsBefore = await db.session.count({ where: { userId: member.userId } });
    const responses = await Promise.all(Array.from({ length: 20 }, () => consume(token)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    expect(await db.session.count({ where: { userId: member.userId } })).toBe(sessionsBefore + 1);
  });

  it.each([
    ["a missing token", {}],
    ["an empty token", { token: "" }],
    ["a wrong type", { token: 123 }],
    ["an unknown field", { token: "abc", kind: "web" }],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/auth/magic-links/consume", { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/auth/magic-links/consume", { rawBody: "[1," })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("POST", "/auth/magic-links/consume", { rawBody: OVERSIZE })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });
});

describe("POST /auth/logout", () => {
  it("deletes the presented session: afterwards its token is refused", async () => {
    const { tenant, member, token } = await signedInMember();
    const other = await createMember(tenant.accountId, "administrator"); // another session stays valid
    const response = await api("POST", "/auth/logout", { token });
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await db.session.count({ where: { tokenHash: sha256(token) } })).toBe(0);
    for (const [method, path] of [
      ["POST", "/auth/logout"],
      ["POST", "/session/account"],
    ] as const) {
      const after = await api(method, path, {
        token,
        body: path === "/session/account" ? { accountId: tenant.accountId } : undefined,
      });
      expect(after).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    }
    expect(await db.session.count({ where: { userId: member.userId } })).toBe(1); // the fixture's own session
    expect(
      (await api("POST", "/session/account", { token: other.token, body: { accountId: tenant.accountId } })).status,
    ).toBe(200);
  });

  it("answers 401 without credentials or with an unknown token", async () => {
    expect(await api("POST", "/auth/logout")).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/auth/logout", { token: "nope" })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });

  it("is open to every persona (an attendee gets 204, not 403)", async () => {
    const { accountId } = await createTenant();
    const attendee = await createMember(accountId, "attendee");
    expect((await api("POST", "/auth/logout", { token: attendee.token })).status).toBe(204);
  });

  it("signs a browser out: the session cookie is cleared and refused afterwards", async () => {
    const { token } = await signedInMember();
    const response = await api("POST", "/auth/logout", { cookie: `session=${token}` });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^session=;.*Max-Age=0/i);
    expect((await api("POST", "/auth/logout", { cookie: `session=${token}` })).status).toBe(401);
  });

  it("refuses a cookie-authenticated logout from another origin with 403", async () => {
    const { token } = await signedInMember();
    const response = await api("POST", "/auth/logout", {
      cookie: `session=${token}`,
      headers: { origin: "https://evil.example" },
    });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect(await db.session.count({ where: { tokenHash: sha256(token) } })).toBe(1);
  });
});

describe("POST /session/account", () => {
  it("changes the active account to one where the user has a membership", async () => {
    const { tenant, member, token } = await signedInMember("attendee");
    const second = await createTenant();
    await db.membership.create({
      data: { accountId: second.accountId, userId: member.userId, persona: "administrator" },
    });
    const stored = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });

    const response = await api("POST", "/session/account", { token, body: { accountId: second.accountId } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: token,
      userId: member.userId,
      accountId: second.accountId,
      expiresAt: stored.expiresAt.toISOString(),
    });
    const after = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(after.accountId).toBe(second.accountId);
    expect(after.expiresAt).toEqual(stored.expiresAt);

    // And back.
    const back = await api("POST", "/session/account", { token, body: { accountId: tenant.accountId } });
    expect(back).toMatchObject({ status: 200, body: { accountId: tenant.accountId } });
  });

  it("never puts a cookie's value in the answer: the id is empty for a session presented as a cookie", async () => {
    const { member, token } = await signedInMember("attendee");
    const second = await createTenant();
    await db.membership.create({ data: { accountId: second.accountId, userId: member.userId, persona: "attendee" } });
    const response = await api("POST", "/session/account", {
      cookie: `session=${token}`,
      body: { accountId: second.accountId },
    });
    expect(response).toMatchObject({
      status: 200,
      body: { id: "", userId: member.userId, accountId: second.accountId },
    });
    expect(response.text).not.toContain(token);
    expect((await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).accountId).toBe(
      second.accountId,
    );
  });

  it("answers 404 for an account without the user's membership and leaves the session as it was", async () => {
    const { tenant, token } = await signedInMember("administrator");
    const foreign = await createTenant();
    for (const accountId of [foreign.accountId, randomUUID()]) {
      const response = await api("POST", "/session/account", { token, body: { accountId } });
      expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    }
    const stored = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(stored.accountId).toBe(tenant.accountId);
  });

  it("answers 401 without credentials or with a bad token", async () => {
    const { accountId } = await createTenant();
    expect(await api("POST", "/session/account", { body: { accountId } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/session/account", { token: "bad", body: { accountId } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });

  it("refuses a cookie-authenticated switch from another origin with 403", async () => {
    const { tenant, token } = await signedInMember();
    const response = await api("POST", "/session/account", {
      cookie: `session=${token}`,
      headers: { origin: "https://evil.example" },
      body: { accountId: tenant.accountId },
    });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });

  it.each([
    ["an empty accountId", { accountId: "" }],
    ["a missing accountId", {}],
    ["a wrong type", { accountId: 5 }],
    ["an unknown field", { accountId: "x", userId: "y" }],
  ])("answers 400 for %s", async (_case, body) => {
    const { admin } = await createTenant();
    const response = await api("POST", "/session/account", { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const { admin } = await createTenant();
    expect(await api("POST", "/session/account", { token: admin.token, rawBody: "{" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("POST", "/session/account", { token: admin.token, rawBody: OVERSIZE })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });
});

describe("secrets in logs", () => {
  it("never logs a magic-link token, a link or a session id", async () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line), "debug");

    const signedUp = await signUp();
    const signUpToken = await emailedToken(signedUp.user.email);
    const requested = await requestLink(signedUp.user.email, signedUp.account.id);
    expect(requested.status).toBe(202);
    const tokens = await emailedTokens(signedUp.user.email, 2);
    const signedIn = await consume(tokens[1]!);
    expect(signedIn.status).toBe(200);
    const sessionId: string = signedIn.body.session.id;
    expect((await consume(tokens[1]!)).status).toBe(401);
    expect(
      (await api("POST", "/session/account", { token: sessionId, body: { accountId: signedUp.account.id } })).status,
    ).toBe(200);
    expect((await api("POST", "/auth/logout", { token: sessionId })).status).toBe(204);
    expect((await api("POST", "/auth/logout", { token: sessionId })).status).toBe(401);

    expect(lines.length).toBeGreaterThan(5); // the requests were logged
    const output = lines.join("\n");
    for (const secret of [signUpToken, ...tokens, sessionId, sha256(sessionId), "/sign-in/verify", "Bearer"]) {
      expect(output).not.toContain(secret);
    }
  });
});
