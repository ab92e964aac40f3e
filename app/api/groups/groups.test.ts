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
  attendee = await createMember(tenant.accountId, "attendee");
});

async function newGroup(name = "Morning crew", token = admin.token): Promise<{ id: string; userIds: string[] }> {
  const response = await api("POST", "/groups", { token, body: { name } });
  expect(response.status).toBe(201);
  return response.body;
}

const ADMIN_ENDPOINTS: [string, (groupId: string, userId: string) => string, unknown?][] = [
  ["POST", () => "/groups", { name: "X" }],
  ["PATCH", (g) => `/groups/${g}`, { name: "X" }],
  ["DELETE", (g) => `/groups/${g}`],
  ["POST", (g, u) => `/groups/${g}/users/${u}`],
  ["DELETE", (g, u) => `/groups/${g}/users/${u}`],
];

describe("authentication and permission", () => {
  it("answers 401 without a token and with a garbage token on every group endpoint", async () => {
    const group = await newGroup();
    for (const [method, path, body] of [["GET", () => "/groups"] as const, ...ADMIN_ENDPOINTS]) {
      const url = path(group.id, attendee.userId);
      expect(await api(method, url, { body })).toMatchObject({
        status: 401,
        body: { error: "Authentication required" },
      });
      expect(await api(method, url, { body, token: "garbage" })).toMatchObject({
        status: 401,
        body: { error: "Authentication required" },
      });
    }
  });

  it("answers 403 to an attendee on every admin endpoint and changes nothing", async () => {
    const group = await newGroup();
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      const response = await api(method, path(group.id, attendee.userId), { token: attendee.token, body });
      expect(response, `${method} ${path(group.id, attendee.userId)}`).toMatchObject({
        status: 403,
        body: { error: "Insufficient permission" },
      });
    }
    const list = await api("GET", "/groups", { token: admin.token });
    expect(list.body).toEqual([{ id: group.id, accountId: tenant.accountId, name: "Morning crew", userIds: [] }]);
  });

  it("answers 405 for a method the path does not serve", async () => {
    expect(await api("PUT", "/groups", { token: admin.token })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});

describe("GET /groups", () => {
  it("lists the account's groups by name with their members, also to an attendee", async () => {
    const yoga = await newGroup("Yoga");
    const barre = await newGroup("Barre");
    await api("POST", `/groups/${yoga.id}/users/${attendee.userId}`, { token: admin.token });

    const response = await api("GET", "/groups", { token: attendee.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: barre.id, accountId: tenant.accountId, name: "Barre", userIds: [] },
      { id: yoga.id, accountId: tenant.accountId, name: "Yoga", userIds: [attendee.userId] },
    ]);
  });

  it("answers an empty list for an account without groups", async () => {
    expect(await api("GET", "/groups", { token: admin.token })).toMatchObject({ status: 200, body: [] });
  });
});

describe("POST /groups", () => {
  it("creates an empty group in the active account, trimming the name", async () => {
    const response = await api("POST", "/groups", { token: admin.token, body: { name: "  Pregnancy yoga " } });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      name: "Pregnancy yoga",
      userIds: [],
    });
    const stored = await db.group.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored).toMatchObject({ accountId: tenant.accountId, name: "Pregnancy yoga" });
  });

  it.each([
    ["no name", {}],
    ["an empty name", { name: "   " }],
    ["a name of the wrong type", { name: 42 }],
    ["a name that is too long", { name: "x".repeat(201) }],
    ["an accountId", { name: "X", accountId: "someone-else" }],
    ["an id", { name: "X", id: "chosen-id" }],
    ["userIds", { name: "X", userIds: [] }],
    ["an array", [{ name: "X" }]],
  ])("rejects a body with %s: 400", async (_label, body) => {
    const response = await api("POST", "/groups", { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
    expect(await db.group.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("rejects malformed JSON and an empty body with 400", async () => {
    expect(await api("POST", "/groups", { token: admin.token, rawBody: '{"name": "X"' })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(await api("POST", "/groups", { token: admin.token, rawBody: "" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
  });

  it("rejects a body over 100 kB with 413", async () => {
    const response = await api("POST", "/groups", {
      token: admin.token,
      rawBody: JSON.stringify({ name: "x".repeat(101 * 1024) }),
    });
    expect(response).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });
});

describe("PATCH /groups/{groupId}", () => {
  it("renames the group and keeps its members", async () => {
    const group = await newGroup("Old");
    await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });

    const response = await api("PATCH", `/groups/${group.id}`, { token: admin.token, body: { name: "New" } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: group.id,
      accountId: tenant.accountId,
      name: "New",
      userIds: [attendee.userId],
    });
  });

  it("answers 404 for an unknown group", async () => {
    const response = await api("PATCH", "/groups/no-such-group", { token: admin.token, body: { name: "New" } });
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });

  it.each([
    ["no name", {}],
    ["an empty name", { name: "" }],
    ["a name of the wrong type", { name: ["a"] }],
    ["an accountId", { name: "X", accountId: "other" }],
    ["an id", { name: "X", id: "other" }],
  ])("rejects a body with %s: 400 and keeps the name", async (_label, body) => {
    const group = await newGroup("Kept");
    const response = await api("PATCH", `/groups/${group.id}`, { token: admin.token, body });
    expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    expect((await db.group.findUniqueOrThrow({ where: { id: group.id } })).name).toBe("Kept");
  });

  it("rejects malformed JSON with 400 and an oversize body with 413", async () => {
    const group = await newGroup();
    expect(await api("PATCH", `/groups/${group.id}`, { token: admin.token, rawBody: "{name:" })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    expect(
      await api("PATCH", `/groups/${group.id}`, { token: admin.token, rawBody: " ".repeat(101 * 1024) }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });
});

describe("DELETE /groups/{groupId}", () => {
  it("deletes the group with its member list", async () => {
    const group = await newGroup();
    await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });

    const response = await api("DELETE", `/groups/${group.id}`, { token: admin.token });

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await api("GET", "/groups", { token: admin.token })).body).toEqual([]);
    expect(await db.groupMember.count({ where: { groupId: group.id } })).toBe(0);
    expect(await api("DELETE", `/groups/${group.id}`, { token: admin.token })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
  });

  it("answers 404 for an unknown group", async () => {
    expect(await api("DELETE", "/groups/no-such-group", { token: admin.token })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
  });
});

describe("POST /groups/{groupId}/users/{userId}", () => {
  it("adds a member of the account, and adding twice changes nothing", async () => {
    const group = await newGroup();
    const other = await createMember(tenant.accountId, "attendee");

    const first = await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });
    const second = await api("POST", `/groups/${group.id}/users/${other.userId}`, { token: admin.token });
    const again = await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });

    expect(first).toMatchObject({
      status: 200,
      body: { id: group.id, name: "Morning crew", userIds: [attendee.userId] },
    });
    expect(second.body.userIds).toEqual([attendee.userId, other.userId]);
    expect(again).toMatchObject({ status: 200, body: { userIds: [attendee.userId, other.userId] } });
    expect(await db.groupMember.count({ where: { groupId: group.id } })).toBe(2);
  });

  it("answers 404 for a user who is not a member of the account, or who does not exist", async () => {
    const group = await newGroup();
    const outsider = await createTenant();
    for (const userId of [outsider.admin.userId, "no-such-user"]) {
      const response = await api("POST", `/groups/${group.id}/users/${userId}`, { token: admin.token });
      expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    }
    expect(await db.groupMember.count({ where: { groupId: group.id } })).toBe(0);
  });

  it("answers 404 for an unknown group", async () => {
    const response = await api("POST", `/groups/no-such-group/users/${attendee.userId}`, { token: admin.token });
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });
});

describe("DELETE /groups/{groupId}/users/{userId}", () => {
  it("removes the user from the group and answers the updated group", async () => {
    const group = await newGroup();
    const other = await createMember(tenant.accountId, "attendee");
    await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });
    await api("POST", `/groups/${group.id}/users/${other.userId}`, { token: admin.token });

    const response = await api("DELETE", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: group.id,
      accountId: tenant.accountId,
      name: "Morning crew",
      userIds: [other.userId],
    });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, userId: attendee.userId } })).toBe(1);
  });

  it("answers 404 for a user who is not in the group", async () => {
    const group = await newGroup();
    const response = await api("DELETE", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });

  it("answers 404 for an unknown group", async () => {
    const response = await api("DELETE", `/groups/no-such-group/users/${attendee.userId}`, { token: admin.token });
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });
});

describe("tenant isolation", () => {
  it("another account's administrator sees none of the groups and reaches none of them by id", async () => {
    const group = await newGroup("Private");
    await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });
    const intruder = await createTenant();
    const intruderAttendee = await createMember(intruder.accountId, "attendee");
    const theirs = await newGroup("Theirs", intruder.admin.token);
    const token = intruder.admin.token;

    expect((await api("GET", "/groups", { token })).body).toEqual([
      { id: theirs.id, accountId: intruder.accountId, name: "Theirs", userIds: [] },
    ]);
    expect(
      (await api("GET", "/groups", { token: intruderAttendee.token })).body.map((g: { id: string }) => g.id),
    ).toEqual([theirs.id]);
    const attempts: [string, string, unknown?][] = [
      ["PATCH", `/groups/${group.id}`, { name: "Hacked" }],
      ["DELETE", `/groups/${group.id}`],
      ["POST", `/groups/${group.id}/users/${intruder.admin.userId}`],
      ["POST", `/groups/${group.id}/users/${attendee.userId}`],
      ["DELETE", `/groups/${group.id}/users/${attendee.userId}`],
      // their own group, but a user of the first account
      ["POST", `/groups/${theirs.id}/users/${attendee.userId}`],
    ];
    for (const [method, path, body] of attempts) {
      expect(await api(method, path, { token, body }), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { error: "Resource not found" },
      });
    }

    const list = await api("GET", "/groups", { token: admin.token });
    expect(list.body).toEqual([
      { id: group.id, accountId: tenant.accountId, name: "Private", userIds: [attendee.userId] },
    ]);
    expect(await db.groupMember.count({ where: { groupId: theirs.id } })).toBe(0);
  });
});
