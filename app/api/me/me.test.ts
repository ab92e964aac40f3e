import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/lib/auth/create-session";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant({ name: "Sunrise Studio" });
  attendee = await createMember(tenant.accountId, "attendee", { displayName: "Ada Attendee" });
});

const AUTH_REQUIRED = { status: 401, body: { error: "Authentication required" } };
const INVALID = { status: 400, body: { error: "Validation failed" } };

describe("authentication", () => {
  it.each([
    ["GET", "/me", undefined],
    ["PATCH", "/me", { dateOfBirth: null }],
    ["GET", "/me/accounts", undefined],
  ])(
    "%s %s answers 401 without a token, with a garbage token and with an expired session",
    async (method, path, body) => {
      await db.session.updateMany({
        where: { userId: attendee.userId },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(await api(method, path, { body })).toMatchObject(AUTH_REQUIRED);
      expect(await api(method, path, { body, token: "garbage" })).toMatchObject(AUTH_REQUIRED);
      expect(await api(method, path, { body, token: attendee.token })).toMatchObject(AUTH_REQUIRED);
    },
  );
});

describe("GET /me", () => {
  it("answers the user, the active account with its policy and the persona", async () => {
    const response = await api("GET", "/me", { token: attendee.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: {
        id: attendee.userId,
        email: attendee.email,
        displayName: "Ada Attendee",
        status: "active",
        dateOfBirth: null,
        guardianId: null,
      },
      account: {
        id: tenant.accountId,
        slug: tenant.slug,
        name: "Sunrise Studio",
        timezone: "Europe/Copenhagen",
        locale: "da-DK",
        currency: "DKK",
        bookingPolicy: {
          opensDaysBefore: 14,
          closesMinutesBefore: 0,
          cancellationWindowHours: 12,
          waitlistEnabled: true,
          standingBookings: false,
          strikeLimit: 0,
          strikeWindowDays: 30,
          strikeBlockDays: 7,
          strikeLateCancels: true,
          guestsPerBooking: 0,
          waitlistMode: "auto",
          waitlistOfferMinutes: 60,
          waitlistAutoWithinMinutes: 120,
          quietHours: null,
        },
        profile: { description: null, accentColor: null, logoUrl: null, contactEmail: null, website: null },
        reminderHours: 24,
      },
      persona: "attendee",
      locale: null,
      emailReminders: true,
    });
  });

  it("answers for the session's active account when the user belongs to several", async () => {
    const other = await createTenant({ name: "Other Studio" });
    await db.membership.create({
      data: { accountId: other.accountId, userId: attendee.userId, persona: "administrator" },
    });
    const session = await createSession({ userId: attendee.userId, accountId: other.accountId, kind: "bearer" });

    const first = await api("GET", "/me", { token: attendee.token });
    const second = await api("GET", "/me", { token: session.token });

    expect(first.body).toMatchObject({ account: { id: tenant.accountId }, persona: "attendee" });
    expect(second.body).toMatchObject({
      account: { id: other.accountId, name: "Other Studio" },
      persona: "administrator",
    });
  });

  it("accepts the demo session cookie", async () => {
    const response = await api("GET", "/me", { cookie: `demo_session=${attendee.token}` });
    expect(response).toMatchObject({ status: 200, body: { user: { id: attendee.userId } } });
  });
});

describe("PATCH /me", () => {
  it("switches my email reminders off and on again, and refuses anything but a boolean", async () => {
    const off = await api("PATCH", "/me", { token: attendee.token, body: { emailReminders: false } });
    expect(off).toMatchObject({ status: 200, body: { emailReminders: false } });
    expect((await api("GET", "/me", { token: attendee.token })).body.emailReminders).toBe(false);
    const on = await api("PATCH", "/me", { token: attendee.token, body: { emailReminders: true } });
    expect(on.body.emailReminders).toBe(true);
    const bad = await api("PATCH", "/me", { token: attendee.token, body: { emailReminders: "no" } });
    expect(bad.status).toBe(400);
  });

  it("sets and clears the date of birth", async () => {
    const set = await api("PATCH", "/me", { token: attendee.token, body: { dateOfBirth: "1992-02-29" } });

    expect(set).toMatchObject({
      status: 200,
      body: { user: { id: attendee.userId, dateOfBirth: "1992-02-29", displayName: "Ada Attendee" } },
    });
    expect(Object.keys(set.body)).toEqual(["user", "emailReminders"]);
    expect((await api("GET", "/me", { token: attendee.token })).body.user.dateOfBirth).toBe("1992-02-29");

    const cleared = await api("PATCH", "/me", { token: attendee.token, body: { dateOfBirth: null } });
    expect(cleared).toMatchObject({ status: 200, body: { user: { dateOfBirth: null } } });
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).dateOfBirth).toBeNull();
  });

  it("sets and clears the language the caller reads, which GET /me returns, leaving the date of birth", async () => {
    await api("PATCH", "/me", { token: attendee.token, body: { dateOfBirth: "1992-02-29" } });
    expect((await api("GET", "/me", { token: attendee.token })).body.locale).toBeNull();

    const set = await api("PATCH", "/me", { token: attendee.token, body: { locale: "da" } });
    expect(set).toMatchObject({ status: 200, body: { user: { dateOfBirth: "1992-02-29" } } });
    expect((await api("GET", "/me", { token: attendee.token })).body).toMatchObject({
      locale: "da",
      user: { dateOfBirth: "1992-02-29" },
    });

    await api("PATCH", "/me", { token: attendee.token, body: { locale: null } });
    expect((await api("GET", "/me", { token: attendee.token })).body.locale).toBeNull();
  });

  it.each([
    ["a language we do not speak", { locale: "de" }],
    ["a locale with a region", { locale: "da-DK" }],
    ["a language of the wrong type", { locale: 1 }],
  ])("rejects %s: 400 and keeps the caller's language", async (_label, body) => {
    await api("PATCH", "/me", { token: attendee.token, body: { locale: "en" } });
    expect(await api("PATCH", "/me", { token: attendee.token, body })).toMatchObject(INVALID);
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).locale).toBe("en");
  });

  it.each([
    ["no dateOfBirth", {}],
    ["a date of the wrong type", { dateOfBirth: 19920229 }],
    ["a malformed date", { dateOfBirth: "29-02-1992" }],
    ["an impossible date", { dateOfBirth: "1993-02-29" }],
    ["a date-time", { dateOfBirth: "1992-02-29T00:00:00Z" }],
    ["a future date", { dateOfBirth: "2999-01-01" }],
    ["a displayName", { dateOfBirth: null, displayName: "Me" }],
    ["an email", { dateOfBirth: null, email: "me@example.com" }],
    ["an id", { dateOfBirth: null, id: "someone-else" }],
    ["an accountId", { dateOfBirth: null, accountId: "other" }],
  ])("rejects a body with %s: 400 and changes nothing", async (_label, body) => {
    expect(await api("PATCH", "/me", { token: attendee.token, body })).toMatchObject(INVALID);
    const stored = await db.user.findUniqueOrThrow({ where: { id: attendee.userId } });
    expect(stored).toMatchObject({ dateOfBirth: null, displayName: "Ada Attendee", email: attendee.email });
  });

  it("rejects malformed JSON with 400 and an oversize body with 413", async () => {
    expect(await api("PATCH", "/me", { token: attendee.token, rawBody: '{"dateOfBirth": ' })).toMatchObject(INVALID);
    const oversize = JSON.stringify({ dateOfBirth: null, padding: "x".repeat(101 * 1024) });
    expect(await api("PATCH", "/me", { token: attendee.token, rawBody: oversize })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const response = await api("PATCH", "/me", {
      cookie: `session=${attendee.token}`,
      headers: { origin: "https://evil.example" },
      body: { dateOfBirth: "1990-01-01" },
    });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).dateOfBirth).toBeNull();
  });
});

describe("GET /me/accounts", () => {
  it("lists every account of the user with the persona there, marking the active one", async () => {
    const other = await createTenant({ name: "Another Studio" });
    await db.membership.create({
      data: { accountId: other.accountId, userId: attendee.userId, persona: "administrator" },
    });
    const unrelated = await createTenant({ name: "Unrelated Studio" });

    const response = await api("GET", "/me/accounts", { token: attendee.token });

    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body).toEqual([
      {
        account: expect.objectContaining({ id: other.accountId, name: "Another Studio", currency: "DKK" }),
        persona: "administrator",
        active: false,
      },
      {
        account: expect.objectContaining({ id: tenant.accountId, name: "Sunrise Studio" }),
        persona: "attendee",
        active: true,
      },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(unrelated.accountId);
  });

  it("lists only the caller's own accounts", async () => {
    const response = await api("GET", "/me/accounts", { token: tenant.admin.token });
    expect(response.body).toEqual([
      { account: expect.objectContaining({ id: tenant.accountId }), persona: "administrator", active: true },
    ]);
  });
});
