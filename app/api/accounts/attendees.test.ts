import { createHash, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { emailedToken, emailedTokens, waitForEmails } from "@/tests/helpers/outbox";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const unique = () => randomUUID().slice(0, 8);
let ipCounter = 0;
// The address the app\'s server stamps on each request (lib/http/client-address.ts).
const fromNewIp = () => ({ [CLIENT_ADDRESS_HEADER]: `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const savedEnv = { ...process.env };
afterEach(() => {
  Object.assign(process.env, savedEnv);
  resetEnvCache();
});

function register(accountId: string, body: unknown, headers: Record<string, string> = fromNewIp()) {
  return api("POST", `/accounts/${accountId}/attendees`, { body, headers });
}

describe("POST /accounts/{accountId}/attendees", () => {
  it("creates an identity with an attendee membership and emails a link for this account", async () => {
    const tenant = await createTenant({ name: "Studio Vesterbro" });
    const email = `new-${unique()}@example.com`;
    const response = await register(tenant.accountId, { email: `  ${email.toUpperCase()} `, displayName: "Nora Berg" });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["account", "user"]);
    expect(response.body.account).toMatchObject({ id: tenant.accountId, slug: tenant.slug, name: "Studio Vesterbro" });
    expect(response.body.user).toMatchObject({ email, displayName: "Nora Berg", status: "active", dateOfBirth: null });
    expect(JSON.stringify(response.body)).not.toMatch(/token/i);

    const membership = await db.membership.findUnique({
      where: { accountId_userId: { accountId: tenant.accountId, userId: response.body.user.id } },
    });
    expect(membership?.persona).toBe("attendee");

    const [sent] = await waitForEmails(email);
    const token = await emailedToken(email);
    expect(sent!.text).toContain(`http://localhost:3000/sign-in/verify?token=${token}`);
    expect(sent!.subject).toContain("Studio Vesterbro");
    expect(await db.magicLink.findUnique({ where: { tokenHash: sha256(token) } })).toMatchObject({
      accountId: tenant.accountId,
      userId: response.body.user.id,
    });

    const signedIn = await api("POST", "/auth/magic-links/consume", { body: { token } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.membership).toEqual({ accountId: tenant.accountId, userId: response.body.user.id, persona: "attendee" });
  });

  it("reuses the identity of a known email and adds the membership of this account", async () => {
    const home = await createTenant();
    const existing = await createMember(home.accountId, "attendee", { displayName: "Original Name" });
    const other = await createTenant();

    const response = await register(other.accountId, { email: existing.email, displayName: "Another Name" });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ id: existing.userId, email: existing.email });
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
    const memberships = await db.membership.findMany({ where: { userId: existing.userId }, orderBy: { createdAt: "asc" } });
    expect(memberships.map((m) => [m.accountId, m.persona])).toEqual([
      [home.accountId, "attendee"],
      [other.accountId, "attendee"],
    ]);
    // The link signs in to the account registered with, not the identity's first one.
    const signedIn = await api("POST", "/auth/magic-links/consume", { body: { token: await emailedToken(existing.email) } });
    expect(signedIn.body.session.accountId).toBe(other.accountId);
  });

  it("tells an anonymous caller nothing stored about a known identity, and changes none of it", async () => {
    const home = await createTenant();
    const known = await createMember(home.accountId, "administrator", { displayName: "Stored Name", status: "disabled" });
    await db.user.update({ where: { id: known.userId }, data: { dateOfBirth: new Date("1984-02-29T00:00:00Z") } });
    const stranger = await createTenant();

    const response = await register(stranger.accountId, { email: known.email.toUpperCase(), displayName: "Guessed Name" });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({
      id: known.userId,
      email: known.email,
      displayName: "Guessed Name",
      status: "active",
      dateOfBirth: null,
      guardianId: null,
    });
    expect(response.text).not.toContain("Stored Name");
    expect(response.text).not.toContain("1984");
    const stored = await db.user.findUniqueOrThrow({ where: { id: known.userId } });
    expect(stored).toMatchObject({ displayName: "Stored Name", status: "disabled" });
    expect(stored.dateOfBirth?.toISOString()).toBe("1984-02-29T00:00:00.000Z");
  });

  it("sends a new link on every registration and keeps one membership", async () => {
    const tenant = await createTenant();
    const email = `twice-${unique()}@example.com`;
    expect((await register(tenant.accountId, { email, displayName: "Twice" })).status).toBe(201);
    expect((await register(tenant.accountId, { email, displayName: "Twice" })).status).toBe(201);
    const tokens = await emailedTokens(email, 2);
    expect(new Set(tokens).size).toBe(2);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(await db.membership.count({ where: { userId: user.id } })).toBe(1);
    for (const token of tokens) expect((await api("POST", "/auth/magic-links/consume", { body: { token } })).status).toBe(200);
  });

  it("leaves an administrator an administrator", async () => {
    const tenant = await createTenant();
    const response = await register(tenant.accountId, { email: tenant.admin.email, displayName: "Admin" });
    expect(response.status).toBe(201);
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: tenant.admin.userId } },
    });
    expect(membership.persona).toBe("administrator");
  });

  it("handles concurrent registrations of one email without an error", async () => {
    const tenant = await createTenant();
    const email = `together-${unique()}@example.com`;
    const responses = await Promise.all(
      [1, 2, 3].map(() => register(tenant.accountId, { email, displayName: "Together" })),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(new Set(responses.map((r) => r.body.user.id))).toEqual(new Set([user.id]));
    expect(await db.membership.count({ where: { userId: user.id } })).toBe(1);
  });

  it("answers 404 for an unknown account", async () => {
    const email = `lost-${unique()}@example.com`;
    const response = await register(randomUUID(), { email, displayName: "Lost" });
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("answers the 6th registration of one email for one account with 429 and Retry-After", async () => {
    const tenant = await createTenant();
    const email = `eager-${unique()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await register(tenant.accountId, { email, displayName: "Eager" })).status).toBe(201);
    const limited = await register(tenant.accountId, { email, displayName: "Eager" });
    expect(limited).toMatchObject({ status: 429, body: { error: "Too many requests" } });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another account keeps its own budget for the same email.
    const other = await createTenant();
    expect((await register(other.accountId, { email, displayName: "Eager" })).status).toBe(201);
  });

  it("limits registrations per client IP (configurable; 300 by default)", async () => {
    Object.assign(process.env, { RATE_LIMIT_REGISTRATION_PER_IP: "3" });
    resetEnvCache();
    const tenant = await createTenant();
    const headers = fromNewIp();
    for (let i = 0; i < 3; i++) {
      expect((await register(tenant.accountId, { email: `ip-${unique()}@example.com`, displayName: "Ip" }, headers)).status).toBe(201);
    }
    const limited = await register(tenant.accountId, { email: `ip-${unique()}@example.com`, displayName: "Ip" }, headers);
    expect(limited).toMatchObject({ status: 429, body: { error: "Too many requests" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it.each([
    ["a missing displayName", { email: "a@example.com" }],
    ["an empty displayName", { email: "a@example.com", displayName: "" }],
    ["an invalid email", { email: "a@", displayName: "A" }],
    ["a wrong type", { email: "a@example.com", displayName: ["A"] }],
    ["an unknown field", { email: "a@example.com", displayName: "A", persona: "administrator" }],
  ])("answers 400 for %s", async (_case, body) => {
    const tenant = await createTenant();
    const response = await register(tenant.accountId, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    const tenant = await createTenant();
    const path = `/accounts/${tenant.accountId}/attendees`;
    expect(await api("POST", path, { rawBody: "{", headers: fromNewIp() })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    const oversize = JSON.stringify({ email: "a@example.com", displayName: "x".repeat(110 * 1024) });
    expect(await api("POST", path, { rawBody: oversize, headers: fromNewIp() })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });

  it("answers 405 for another method", async () => {
    const tenant = await createTenant();
    expect(await api("GET", `/accounts/${tenant.accountId}/attendees`)).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});
