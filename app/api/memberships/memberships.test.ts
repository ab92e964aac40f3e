import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/lib/auth/create-session";
import { hashToken } from "@/lib/auth/tokens";
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

const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };

async function membershipCount(accountId: string, userId: string) {
  return db.membership.count({ where: { accountId, userId } });
}

describe("DELETE /memberships/{userId}", () => {
  it("removes the member, their groups in the account and their sessions on it", async () => {
    const group = (await api("POST", "/groups", { token: admin.token, body: { name: "Crew" } })).body;
    await api("POST", `/groups/${group.id}/users/${attendee.userId}`, { token: admin.token });
    await db.magicLink.create({
      data: {
        tokenHash: hashToken("pending-link"),
        userId: attendee.userId,
        accountId: tenant.accountId,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });

    const response = await api("DELETE", `/memberships/${attendee.userId}`, { token: admin.token });

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await membershipCount(tenant.accountId, attendee.userId)).toBe(0);
    expect(await db.session.count({ where: { userId: attendee.userId, accountId: tenant.accountId } })).toBe(0);
    expect(await db.magicLink.count({ where: { userId: attendee.userId, accountId: tenant.accountId } })).toBe(0);
    expect((await api("GET", "/groups", { token: admin.token })).body[0].userIds).toEqual([]);
    expect(await api("GET", "/me", { token: attendee.token })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    const users = await api("GET", "/users", { token: admin.token });
    expect(users.body.map((u: { id: string }) => u.id)).toEqual([admin.userId]);
    // the identity remains, and can be invited again
    const again = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { email: attendee.email, displayName: "Back", persona: "attendee" },
    });
    expect(again).toMatchObject({ status: 201, body: { user: { id: attendee.userId, status: "active" } } });
  });

  it("keeps the user's other accounts, sessions and groups there", async () => {
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: attendee.userId, persona: "attendee" } });
    const otherSession = await createSession({ userId: attendee.userId, accountId: other.accountId, kind: "bearer" });
    const otherGroup = (await api("POST", "/groups", { token: other.admin.token, body: { name: "Theirs" } })).body;
    await api("POST", `/groups/${otherGroup.id}/users/${attendee.userId}`, { token: other.admin.token });

    expect((await api("DELETE", `/memberships/${attendee.userId}`, { token: admin.token })).status).toBe(204);

    expect(await api("GET", "/me", { token: attendee.token })).toMatchObject({ status: 401 });
    expect(await api("GET", "/me", { token: otherSession.token })).toMatchObject({
      status: 200,
      body: { account: { id: other.accountId } },
    });
    expect(await membershipCount(other.accountId, attendee.userId)).toBe(1);
    expect((await api("GET", "/groups", { token: other.admin.token })).body[0].userIds).toEqual([attendee.userId]);
  });

  it("removes another administrator", async () => {
    const colleague = await createMember(tenant.accountId, "administrator");
    expect((await api("DELETE", `/memberships/${colleague.userId}`, { token: admin.token })).status).toBe(204);
    expect(await api("GET", "/users", { token: colleague.token })).toMatchObject({ status: 401 });
  });

  it("answers 409 when an administrator removes their own active membership", async () => {
    const response = await api("DELETE", `/memberships/${admin.userId}`, { token: admin.token });
    expect(response).toMatchObject({ status: 409, body: { error: "You cannot remove your active membership" } });
    expect(await membershipCount(tenant.accountId, admin.userId)).toBe(1);
    expect((await api("GET", "/me", { token: admin.token })).status).toBe(200);
  });

  it("answers 404 for an unknown user and for a user who is not a member", async () => {
    const outsider = await createTenant();
    for (const userId of ["no-such-user", outsider.admin.userId]) {
      expect(await api("DELETE", `/memberships/${userId}`, { token: admin.token })).toMatchObject(NOT_FOUND);
    }
    expect(await api("GET", "/me", { token: outsider.admin.token })).toMatchObject({ status: 200 });
  });

  it("answers 404 when removing the same member twice", async () => {
    await api("DELETE", `/memberships/${attendee.userId}`, { token: admin.token });
    expect(await api("DELETE", `/memberships/${attendee.userId}`, { token: admin.token })).toMatchObject(NOT_FOUND);
  });

  it("does not let another account's administrator remove this account's members", async () => {
    const intruder = await createTenant();
    const response = await api("DELETE", `/memberships/${attendee.userId}`, { token: intruder.admin.token });
    expect(response).toMatchObject(NOT_FOUND);
    expect(await membershipCount(tenant.accountId, attendee.userId)).toBe(1);
    expect(await api("GET", "/me", { token: attendee.token })).toMatchObject({ status: 200 });
  });

  it("answers 401 without a token and with a garbage token", async () => {
    expect(await api("DELETE", `/memberships/${attendee.userId}`)).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("DELETE", `/memberships/${attendee.userId}`, { token: "garbage" })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });

  it("answers 403 to an attendee, also for their own membership", async () => {
    const other = await createMember(tenant.accountId, "attendee");
    for (const userId of [other.userId, attendee.userId, admin.userId]) {
      const response = await api("DELETE", `/memberships/${userId}`, { token: attendee.token });
      expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    }
    expect(await db.membership.count({ where: { accountId: tenant.accountId } })).toBe(3);
  });
});
