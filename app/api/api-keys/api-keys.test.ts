import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { touchApiKey } from "@/lib/api-keys/touch-api-key";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { resetEnvCache } from "@/lib/env";
import { setLogSink } from "@/lib/log";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant } from "../bookings/booking-test-data";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };
const UNAUTHENTICATED = { status: 401, body: { error: "Authentication required" } };
const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };

const savedEnv = { ...process.env };
afterEach(() => {
  Object.assign(process.env, savedEnv);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  resetEnvCache();
  setLogSink(undefined);
});

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

/** A new key of `owner`'s account, made through the API. */
async function newKey(owner: TestTenant = tenant, name = "Booking widget") {
  const response = await api("POST", "/api-keys", { token: owner.admin.token, body: { name } });
  expect(response.status).toBe(201);
  return { id: response.body.apiKey.id as string, secret: response.body.secret as string, body: response.body };
}

describe("managing keys", () => {
  it("creates a key whose secret is shown once and stored only as its sha256", async () => {
    const response = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: " Booking widget " } });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { apiKey, secret } = response.body;
    expect(secret).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: "Booking widget",
      prefix: secret.slice(0, 12),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row).toMatchObject({ accountId: tenant.accountId, tokenHash: sha256(secret), prefix: secret.slice(0, 12) });
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await api("GET", "/api-keys", { token: tenant.admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([apiKey]);
    expect(list.text).not.toContain(secret.slice(12));
    expect(list.text).not.toContain(row.tokenHash);
  });

  it("lists only the account's keys and answers 404 for another account's key", async () => {
    await newKey(tenant, "First");
    await newKey(tenant, "Second");
    const other = await createTenant();
    const foreign = await newKey(other, "Theirs");

    const list = await api("GET", "/api-keys", { token: tenant.admin.token });
    expect(list.body.map((key: { name: string }) => key.name).sort()).toEqual(["First", "Second"]);
    expect((await api("DELETE", `/api-keys/${foreign.id}`, { token: tenant.admin.token })).status).toBe(404);
    expect((await api("GET", "/users", { token: foreign.secret })).status).toBe(200); // still works
  });

  it("refuses a name that is empty or too long", async () => {
    for (const name of ["", "   ", "x".repeat(101)]) {
      const response = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name } });
      expect(response.status).toBe(400);
    }
    expect((await api("POST", "/api-keys", { token: tenant.admin.token, body: {} })).status).toBe(400);
  });

  it("revokes a key: 204, then it answers 401 and is gone from the list; a second delete is 404", async () => {
    const key = await newKey();
    expect((await api("GET", "/users", { token: key.secret })).status).toBe(200);
    const deleted = await api("DELETE", `/api-keys/${key.id}`, { token: tenant.admin.token });
    expect(deleted.status).toBe(204);
    expect(await api("GET", "/users", { token: key.secret })).toMatchObject(UNAUTHENTICATED);
    expect((await api("GET", "/api-keys", { token: tenant.admin.token })).body).toEqual([]);
    expect(await api("DELETE", `/api-keys/${key.id}`, { token: tenant.admin.token })).toMatchObject(NOT_FOUND);
  });

  it("is an administrator's: a teacher and an attendee get 403, and so does a key", async () => {
    const key = await newKey();
    const teacher = await createMember(tenant.accountId, "teacher");
    for (const token of [teacher.token, attendee.token, key.secret]) {
      expect(await api("GET", "/api-keys", { token })).toMatchObject(FORBIDDEN);
      expect(await api("POST", "/api-keys", { token, body: { name: "Mine" } })).toMatchObject(FORBIDDEN);
      expect(await api("DELETE", `/api-keys/${key.id}`, { token })).toMatchObject(FORBIDDEN);
    }
    expect(await api("GET", "/api-keys")).toMatchObject(UNAUTHENTICATED);
    expect(await db.apiKey.count({ where: { accountId: tenant.accountId } })).toBe(1);
  });
});

describe("a key as a credential", () => {
  it("reads and writes its account's data as an administrator", async () => {
    const key = await newKey();
    const users = await api("GET", "/users", { token: key.secret });
    expect(users.status).toBe(200);
    expect(users.body.map((user: { id: string }) => user.id)).toEqual(
      expect.arrayContaining([tenant.admin.userId, attendee.userId]),
    );
    expect(users.body.find((user: { id: string }) => user.id === attendee.userId)).toHaveProperty("email");

    const created = await api("POST", "/events", { token: key.secret, body: { title: "Vinyasa", durationMinutes: 60 } });
    expect(created.status).toBe(201);
    expect(created.body.accountId).toBe(tenant.accountId);
  });

  it("answers 404 for another account's resources", async () => {
    const key = await newKey();
    const other = await createTenant();
    const theirs = await api("POST", "/events", { token: other.admin.token, body: { title: "Theirs", durationMinutes: 60 } });
    const renamed = await api("PATCH", `/events/${theirs.body.id}`, { token: key.secret, body: { title: "Ours" } });
    expect(renamed).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/users/${other.admin.userId}/bookings`, { token: key.secret })).toMatchObject(NOT_FOUND);
    const lesson = await createClass(other.accountId);
    const booked = await api("POST", "/bookings", {
      token: key.secret,
      body: { instanceId: lesson.id, attendeeId: attendee.userId },
    });
    expect(booked).toMatchObject(NOT_FOUND);
  });

  it("answers 401 when unknown, deleted, of a suspended account, or presented in a cookie", async () => {
    const key = await newKey();
    expect(await api("GET", "/users", { token: `${key.secret}x` })).toMatchObject(UNAUTHENTICATED);
    expect(await api("GET", "/users", { cookie: `session=${key.secret}` })).toMatchObject(UNAUTHENTICATED);
    expect(
      await api("POST", "/bookings", { cookie: `session=${key.secret}`, body: { instanceId: "x", attendeeId: "y" } }),
    ).toMatchObject(UNAUTHENTICATED);
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect(await api("GET", "/users", { token: key.secret })).toMatchObject(UNAUTHENTICATED);
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "active" } });
    expect((await api("GET", "/users", { token: key.secret })).status).toBe(200);
  });

  it("is no person: a person's own operations answer 403", async () => {
    const key = await newKey();
    const lesson = await createClass(tenant.accountId);
    const token = key.secret;
    const refused = [
      await api("GET", "/me", { token }),
      await api("PATCH", "/me", { token, body: { dateOfBirth: null } }),
      await api("GET", "/me/bookings", { token }),
      await api("GET", "/me/orders", { token }),
      await api("GET", "/me/entitlements", { token }),
      await api("GET", "/me/accounts", { token }),
      await api("POST", `/me/entitlements/${lesson.id}/cancel`, { token }),
      await api("POST", "/session/account", { token, body: { accountId: tenant.accountId } }),
      await api("POST", "/auth/logout", { token }),
      await api("POST", "/checkout", { token, body: { productId: "p", priceId: "q" } }),
      await api("GET", `/instances/${lesson.id}/booking-options`, { token }),
      await api("POST", "/bookings", { token, body: { instanceId: lesson.id } }),
    ];
    for (const response of refused) expect(response).toMatchObject(FORBIDDEN);
    expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(0);
    expect((await api("GET", "/users", { token })).status).toBe(200); // logout did not end it
  });

  it("books an attendee in (POST /bookings with attendeeId) and cancels the booking", async () => {
    const key = await newKey();
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const booked = await api("POST", "/bookings", {
      token: key.secret,
      body: { instanceId: lesson.id, attendeeId: attendee.userId },
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ attendeeId: attendee.userId, status: "confirmed", accountId: tenant.accountId });
    const roster = await api("GET", `/instances/${lesson.id}/roster`, { token: key.secret });
    expect(roster.status).toBe(200);
    expect(roster.body).toHaveLength(1);
    const cancelled = await api("DELETE", `/bookings/${booked.body.id}`, { token: key.secret });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
  });

  it("the booking statement and the route agree that a key is an administrator and no person", async () => {
    const key = await newKey();
    const lesson = await createClass(tenant.accountId);
    const [row] = await db.$queryRaw<{ userId: string | null; apiKeyId: string; persona: string; kind: string }[]>`
      SELECT * FROM studio_session(${sha256(key.secret)}, ${new Date().toISOString()}::timestamp, false)`;
    expect(row).toMatchObject({ userId: null, apiKeyId: key.id, persona: "administrator", kind: "api_key" });
    for (const mode of ["look", "book"]) {
      const [answer] = await db.$queryRaw<{ outcome: string }[]>`
        SELECT "outcome" FROM book_instance(${sha256(key.secret)}, false, ${new Date().toISOString()}::timestamp,
          ${mode}, ${lesson.id}, NULL::text, NULL::text, false)`;
      expect(answer?.outcome).toBe("insufficient_permission");
    }
    // what the routes say of the same key: administrator (GET /api-keys aside, a person's), no person
    expect((await api("GET", "/users", { token: key.secret })).status).toBe(200);
    expect(await api("GET", "/me", { token: key.secret })).toMatchObject(FORBIDDEN);
  });

  it("never writes its id where a user's belongs", async () => {
    const key = await newKey();
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    await api("POST", "/bookings", {
      token: key.secret,
      body: { instanceId: lesson.id, attendeeId: attendee.userId },
      headers: { "Idempotency-Key": "k-1" },
    });
    expect(await db.booking.count({ where: { attendeeId: key.id } })).toBe(0);
    expect(await db.idempotencyKey.findMany({ where: { userId: key.id } })).toEqual([]);
    expect(await db.idempotencyKey.count({ where: { userId: `api_key:${key.id}`, key: "k-1" } })).toBe(1);
  });
});

describe("Idempotency-Key with keys", () => {
  it("is kept per key: the same key replays, another key or a person with the same Idempotency-Key does not", async () => {
    const one = await newKey(tenant, "One");
    const two = await newKey(tenant, "Two");
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const body = { instanceId: lesson.id, attendeeId: attendee.userId };
    const headers = { "Idempotency-Key": "same-key" };

    const first = await api("POST", "/bookings", { token: one.secret, body, headers });
    expect(first.status).toBe(201);
    const replayed = await api("POST", "/bookings", { token: one.secret, body, headers });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(first.body);

    const byTwo = await api("POST", "/bookings", { token: two.secret, body, headers });
    expect(byTwo.headers.get("idempotent-replayed")).toBeNull();
    expect(byTwo).toMatchObject({ status: 409, body: { error: "Already booked" } });
    const byPerson = await api("POST", "/bookings", { token: tenant.admin.token, body, headers });
    expect(byPerson.headers.get("idempotent-replayed")).toBeNull();
    expect(byPerson).toMatchObject({ status: 409, body: { error: "Already booked" } });
  });
});

describe("lastUsedAt", () => {
  it("is set by a request and not rewritten within the minute; an older one is", async () => {
    const key = await newKey();
    await api("GET", "/users", { token: key.secret });
    const first = (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await api("GET", "/events", { token: key.secret });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(first);

    const earlier = new Date(first!.getTime() - 61_000);
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: earlier } });
    await api("GET", "/users", { token: key.secret });
    const later = (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(later!.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);

    const list = await api("GET", "/api-keys", { token: tenant.admin.token });
    expect(list.body[0].lastUsedAt).toBe(later!.toISOString());
  });

  it("is written at most once a minute by the clock it is given", async () => {
    const key = await newKey();
    const scoped = tenantDb(tenant.accountId);
    const at = (iso: string) => touchApiKey({ db: scoped, apiKeyId: key.id, now: new Date(iso) });
    const read = async () => (await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt?.toISOString();
    await at("2030-01-01T10:00:00.000Z");
    expect(await read()).toBe("2030-01-01T10:00:00.000Z");
    await at("2030-01-01T10:00:59.999Z");
    expect(await read()).toBe("2030-01-01T10:00:00.000Z");
    await at("2030-01-01T10:01:00.000Z");
    expect(await read()).toBe("2030-01-01T10:01:00.000Z");
    // another account's scope cannot touch it
    await touchApiKey({ db: tenantDb((await createTenant()).accountId), apiKeyId: key.id, now: new Date("2031-01-01") });
    expect(await read()).toBe("2030-01-01T10:01:00.000Z");
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past API_KEY_RATE_LIMIT_PER_MINUTE requests, per key", async () => {
    Object.assign(process.env, { API_KEY_RATE_LIMIT_PER_MINUTE: "3" });
    resetEnvCache();
    const key = await newKey();
    const other = await newKey(tenant, "Other");
    const lesson = await createClass(tenant.accountId);
    for (let i = 0; i < 3; i++) expect((await api("GET", "/users", { token: key.secret })).status).toBe(200);
    const limited = await api("GET", "/users", { token: key.secret });
    expect(limited).toMatchObject({ status: 429, body: { error: "Too many requests" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const booking = await api("POST", "/bookings", {
      token: key.secret,
      body: { instanceId: lesson.id, attendeeId: attendee.userId },
    });
    expect(booking.status).toBe(429); // the booking statement's route counts too
    expect((await api("GET", "/users", { token: other.secret })).status).toBe(200);
    expect((await api("GET", "/users", { token: tenant.admin.token })).status).toBe(200); // people are not limited
  });
});

describe("logs", () => {
  it("never carry a key's secret", async () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    const key = await newKey();
    await api("GET", "/users", { token: key.secret });
    await api("GET", "/me", { token: key.secret });
    await api("DELETE", `/api-keys/${key.id}`, { token: tenant.admin.token });
    await api("GET", "/users", { token: key.secret });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).not.toContain(key.secret.slice(4));
  });
});
