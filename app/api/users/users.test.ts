import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let admin: TestMember;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  admin = tenant.admin;
  attendee = await createMember(tenant.accountId, "attendee", { displayName: "Ada Attendee" });
});

const AUTH_REQUIRED = { status: 401, body: { error: "Authentication required" } };
const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };
const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };
const INVALID = { status: 400, body: { error: "Validation failed" } };

const invitation = { email: "new.person@example.com", displayName: "New Person", persona: "attendee" };

describe("authentication and permission", () => {
  const endpoints = (userId: string): [string, string, unknown?][] => [
    ["GET", "/users"],
    ["POST", "/users/invitations", invitation],
    ["PATCH", `/users/${userId}`, { displayName: "Changed" }],
  ];

  it("answers 401 without a token and with a garbage token", async () => {
    for (const [method, path, body] of endpoints(attendee.userId)) {
      expect(await api(method, path, { body }), `${method} ${path}`).toMatchObject(AUTH_REQUIRED);
      expect(await api(method, path, { body, token: "garbage" }), `${method} ${path}`).toMatchObject(AUTH_REQUIRED);
    }
  });

  it("answers 403 to an attendee and changes nothing", async () => {
    for (const [method, path, body] of endpoints(attendee.userId)) {
      expect(await api(method, path, { body, token: attendee.token }), `${method} ${path}`).toMatchObject(FORBIDDEN);
    }
    expect(await db.user.findUnique({ where: { email: invitation.email } })).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).displayName).toBe("Ada Attendee");
  });
});

describe("GET /users", () => {
  it("lists the users of the active account only, by display name", async () => {
    const other = await createTenant();
    await createMember(other.accountId, "attendee");
    const shared = await createMember(other.accountId, "attendee", { displayName: "Bo Both" });
    await db.membership.create({ data: { accountId: tenant.accountId, userId: shared.userId, persona: "attendee" } });
    await db.user.update({ where: { id: attendee.userId }, data: { dateOfBirth: new Date("1990-04-12") } });
    await db.user.update({ where: { id: admin.userId }, data: { displayName: "Zed Admin" } });

    const response = await api("GET", "/users", { token: admin.token });

    expect(response.status).toBe(200);
    const ids = response.body.map((u: { id: string }) => u.id);
    expect(ids.sort()).toEqual([admin.userId, attendee.userId, shared.userId].sort());
    expect(response.body.map((u: { displayName: string }) => u.displayName)).toEqual([
      "Ada Attendee",
      "Bo Both",
      "Zed Admin",
    ]);
    expect(response.body[0]).toEqual({
      id: attendee.userId,
      email: attendee.email,
      displayName: "Ada Attendee",
      status: "active",
      dateOfBirth: "1990-04-12",
      guardianId: null,
      persona: "attendee",
    });
  });

  it("shows none of another account's users to that account's administrator", async () => {
    const intruder = await createTenant();
    const response = await api("GET", "/users", { token: intruder.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((u: { id: string }) => u.id)).toEqual([intruder.admin.userId]);
  });
});

describe("POST /users/invitations", () => {
  it("creates an invited user and a membership with the persona, normalizing the email", async () => {
    const response = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { email: "  IDA@Example.COM ", displayName: " Ida Holm ", persona: "administrator" },
    });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      user: {
        id: expect.any(String),
        email: "ida@example.com",
        displayName: "Ida Holm",
        status: "invited",
        dateOfBirth: null,
        guardianId: null,
      },
      membership: { accountId: tenant.accountId, userId: response.body.user.id, persona: "administrator" },
    });
    const stored = await db.user.findUniqueOrThrow({ where: { id: response.body.user.id } });
    expect(stored.email).toBe("ida@example.com");
    const listed = await api("GET", "/users", { token: admin.token });
    expect(listed.body.map((u: { email: string }) => u.email)).toContain("ida@example.com");
  });

  it("answers 409 when the same email, in another case, is invited again", async () => {
    await api("POST", "/users/invitations", {
      token: admin.token,
      body: { ...invitation, email: "  IDA@Example.COM " },
    });

    const again = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { ...invitation, email: "ida@EXAMPLE.com" },
    });

    expect(again).toMatchObject({ status: 409, body: { error: "User already participates in this account" } });
    expect(await db.user.count({ where: { email: "ida@example.com" } })).toBe(1);
  });

  it("answers 409 for a user who already participates, whatever the persona", async () => {
    const response = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { email: attendee.email, displayName: "Someone", persona: "administrator" },
    });
    expect(response).toMatchObject({ status: 409, body: { error: "User already participates in this account" } });
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: attendee.userId } },
    });
    expect(membership.persona).toBe("attendee");
  });

  it("adds an existing identity of another account, which keeps its status and name", async () => {
    const other = await createTenant();
    const existing = await createMember(other.accountId, "attendee", { displayName: "Original Name" });

    const response = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { email: existing.email.toUpperCase(), displayName: "Other Name", persona: "attendee" },
    });

    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ id: existing.userId, status: "active", displayName: "Original Name" });
    expect(response.body.membership).toEqual({
      accountId: tenant.accountId,
      userId: existing.userId,
      persona: "attendee",
    });
    expect(await db.membership.count({ where: { userId: existing.userId } })).toBe(2);
  });

  it("lets two concurrent invitations of one new email produce one user and one 409", async () => {
    const body = { ...invitation, email: "race@example.com" };
    const responses = await Promise.all(
      [1, 2].map(() => api("POST", "/users/invitations", { token: admin.token, body })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db.user.count({ where: { email: "race@example.com" } })).toBe(1);
  });

  it.each([
    ["no email", { displayName: "A", persona: "attendee" }],
    ["a malformed email", { ...invitation, email: "not-an-email" }],
    ["no displayName", { email: "a@example.com", persona: "attendee" }],
    ["an empty displayName", { ...invitation, displayName: " " }],
    ["no persona", { email: "a@example.com", displayName: "A" }],
    ["an unknown persona", { ...invitation, persona: "owner" }],
    ["a persona of the wrong type", { ...invitation, persona: 1 }],
    ["an accountId", { ...invitation, accountId: "another-account" }],
    ["a status", { ...invitation, status: "active" }],
    ["an id", { ...invitation, id: "chosen" }],
  ])("rejects a body with %s: 400 and creates nobody", async (_label, body) => {
    const before = await db.user.count();
    expect(await api("POST", "/users/invitations", { token: admin.token, body })).toMatchObject(INVALID);
    expect(await db.user.count()).toBe(before);
  });

  it("rejects malformed JSON with 400 and an oversize body with 413", async () => {
    expect(await api("POST", "/users/invitations", { token: admin.token, rawBody: '{"email":' })).toMatchObject(
      INVALID,
    );
    const oversize = JSON.stringify({ ...invitation, displayName: "x".repeat(101 * 1024) });
    expect(await api("POST", "/users/invitations", { token: admin.token, rawBody: oversize })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });
});

describe("PATCH /users/{userId}", () => {
  it("changes name, email, date of birth and persona of a member", async () => {
    const ok = await api("PATCH", `/users/${attendee.userId}`, {
      token: admin.token,
      body: {
        displayName: " Ada Lovelace ",
        email: " ADA@Example.com",
        dateOfBirth: "1985-12-10",
        persona: "administrator",
      },
    });

    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      id: attendee.userId,
      email: "ada@example.com",
      displayName: "Ada Lovelace",
      status: "active",
      dateOfBirth: "1985-12-10",
      guardianId: null,
    });
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: attendee.userId } },
    });
    expect(membership.persona).toBe("administrator");
    // the new persona holds at once: the former attendee may now use admin endpoints
    expect((await api("GET", "/users", { token: attendee.token })).status).toBe(200);
  });

  it("changes only the fields sent and clears the date of birth with null", async () => {
    await api("PATCH", `/users/${attendee.userId}`, { token: admin.token, body: { dateOfBirth: "1990-01-31" } });

    const response = await api("PATCH", `/users/${attendee.userId}`, {
      token: admin.token,
      body: { dateOfBirth: null },
    });

    expect(response.body).toEqual({
      id: attendee.userId,
      email: attendee.email,
      displayName: "Ada Attendee",
      status: "active",
      dateOfBirth: null,
      guardianId: null,
    });
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: attendee.userId } },
    });
    expect(membership.persona).toBe("attendee");
  });

  it("keeps the email when it differs only in case and spaces", async () => {
    const response = await api("PATCH", `/users/${attendee.userId}`, {
      token: admin.token,
      body: { email: ` ${attendee.email.toUpperCase()} ` },
    });
    expect(response).toMatchObject({ status: 200, body: { email: attendee.email } });
  });

  it("answers 400 with an email detail when the email belongs to another user", async () => {
    const other = await createTenant();
    const response = await api("PATCH", `/users/${attendee.userId}`, {
      token: admin.token,
      body: { email: other.admin.email.toUpperCase() },
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "Validation failed",
      details: [{ path: "email", message: "Email is already used by another user", code: "email_taken" }],
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).email).toBe(attendee.email);
  });

  it("answers 400 for an email change of a user who also belongs to another account", async () => {
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: attendee.userId, persona: "attendee" } });

    const response = await api("PATCH", `/users/${attendee.userId}`, {
      token: admin.token,
      body: { email: "attacker@example.com" },
    });

    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      {
        path: "email",
        message: "This user also belongs to another account, so the email cannot be changed here",
        code: "email_shared",
      },
    ]);
    expect((await db.user.findUniqueOrThrow({ where: { id: attendee.userId } })).email).toBe(attendee.email);
  });

  it("answers 400 when the account's last administrator would become an attendee", async () => {
    const response = await api("PATCH", `/users/${admin.userId}`, {
      token: admin.token,
      body: { persona: "attendee", displayName: "Still Admin?" },
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "Validation failed",
      details: [
        { path: "persona", message: "The account needs at least one administrator", code: "last_administrator" },
      ],
    });
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: admin.userId } },
    });
    expect(membership.persona).toBe("administrator");
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.userId } })).displayName).not.toBe("Still Admin?");
  });

  it("lets an administrator step down while another administrator remains", async () => {
    const colleague = await createMember(tenant.accountId, "administrator");

    const response = await api("PATCH", `/users/${admin.userId}`, {
      token: admin.token,
      body: { persona: "attendee" },
    });

    expect(response.status).toBe(200);
    expect(await api("GET", "/users", { token: admin.token })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
    const back = await api("PATCH", `/users/${colleague.userId}`, {
      token: colleague.token,
      body: { persona: "attendee" },
    });
    expect(back.body.details).toEqual([
      { path: "persona", message: "The account needs at least one administrator", code: "last_administrator" },
    ]);
  });

  it("answers 404 for an unknown user and for a user of another account", async () => {
    const other = await createTenant();
    for (const userId of ["no-such-user", other.admin.userId]) {
      expect(await api("PATCH", `/users/${userId}`, { token: admin.token, body: { displayName: "X" } })).toMatchObject(
        NOT_FOUND,
      );
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: other.admin.userId } })).displayName).not.toBe("X");
  });

  it.each([
    ["an empty displayName", { displayName: "" }],
    ["a displayName of the wrong type", { displayName: 3 }],
    ["a malformed email", { email: "nope" }],
    ["a malformed date of birth", { dateOfBirth: "12/10/1985" }],
    ["an impossible date of birth", { dateOfBirth: "1985-02-30" }],
    ["a date of birth in the future", { dateOfBirth: "2999-01-01" }],
    ["a date of birth before 1900", { dateOfBirth: "1815-12-10" }],
    ["an unknown persona", { persona: "owner" }],
    ["a status", { status: "disabled" }],
    ["an id", { id: "other" }],
    ["an accountId", { accountId: "other" }],
  ])("rejects a body with %s: 400 and changes nothing", async (_label, body) => {
    expect(await api("PATCH", `/users/${attendee.userId}`, { token: admin.token, body })).toMatchObject(INVALID);
    const stored = await db.user.findUniqueOrThrow({ where: { id: attendee.userId } });
    expect(stored).toMatchObject({
      displayName: "Ada Attendee",
      email: attendee.email,
      status: "active",
      dateOfBirth: null,
    });
  });

  it("rejects malformed JSON with 400 and an oversize body with 413", async () => {
    expect(await api("PATCH", `/users/${attendee.userId}`, { token: admin.token, rawBody: "{" })).toMatchObject(
      INVALID,
    );
    const oversize = JSON.stringify({ displayName: "x".repeat(101 * 1024) });
    expect(await api("PATCH", `/users/${attendee.userId}`, { token: admin.token, rawBody: oversize })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });

  it("does not let another account's administrator reach this account's users", async () => {
    const intruder = await createTenant();
    const response = await api("PATCH", `/users/${attendee.userId}`, {
      token: intruder.admin.token,
      body: { displayName: "Hacked", email: "hacked@example.com", persona: "administrator" },
    });
    expect(response).toMatchObject(NOT_FOUND);
    const stored = await db.user.findUniqueOrThrow({ where: { id: attendee.userId } });
    expect(stored).toMatchObject({ displayName: "Ada Attendee", email: attendee.email });
  });
});
