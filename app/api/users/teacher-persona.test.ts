import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let admin: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  admin = tenant.admin;
});

const INVALID = { status: 400, body: { error: "Validation failed" } };
const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };

describe("the teacher persona", () => {
  it("is accepted by POST /users/invitations and answered in the membership", async () => {
    const response = await api("POST", "/users/invitations", {
      token: admin.token,
      body: { email: "clara@example.com", displayName: "Clara Holt", persona: "teacher" },
    });
    expect(response.status).toBe(201);
    expect(response.body.membership).toEqual({
      accountId: tenant.accountId,
      userId: response.body.user.id,
      persona: "teacher",
    });
    const membership = await db.membership.findUniqueOrThrow({
      where: { accountId_userId: { accountId: tenant.accountId, userId: response.body.user.id } },
    });
    expect(membership.persona).toBe("teacher");
  });

  it("is accepted by PATCH /users/{userId}, in both directions", async () => {
    const person = await createMember(tenant.accountId, "attendee");
    expect(await api("PATCH", `/users/${person.userId}`, { token: admin.token, body: { persona: "teacher" } })).toMatchObject({
      status: 200,
    });
    const me = await api("GET", "/me", { token: person.token });
    expect(me.body.persona).toBe("teacher");
    expect(await api("PATCH", `/users/${person.userId}`, { token: admin.token, body: { persona: "attendee" } })).toMatchObject({
      status: 200,
    });
    expect((await api("GET", "/me", { token: person.token })).body.persona).toBe("attendee");
  });

  it("keeps the last administrator: making them a teacher answers 400 on persona", async () => {
    const response = await api("PATCH", `/users/${admin.userId}`, { token: admin.token, body: { persona: "teacher" } });
    expect(response).toMatchObject(INVALID);
    expect(response.body.details).toEqual([{ path: "persona", message: "The account needs at least one administrator", code: "last_administrator" }]);
  });

  it("answers 400 for any other persona, and changes nothing", async () => {
    const person = await createMember(tenant.accountId, "attendee");
    for (const persona of ["Teacher", "owner", "", null, 1]) {
      expect(
        await api("PATCH", `/users/${person.userId}`, { token: admin.token, body: { persona } }),
        JSON.stringify(persona),
      ).toMatchObject(INVALID);
      expect(
        await api("POST", "/users/invitations", {
          token: admin.token,
          body: { email: "x@example.com", displayName: "X", persona },
        }),
        JSON.stringify(persona),
      ).toMatchObject(INVALID);
    }
    expect(await db.user.findUnique({ where: { email: "x@example.com" } })).toBeNull();
    expect((await api("GET", "/me", { token: person.token })).body.persona).toBe("attendee");
  });

  it("is returned by GET /me and GET /me/accounts", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    const me = await api("GET", "/me", { token: teacher.token });
    expect(me).toMatchObject({ status: 200, body: { persona: "teacher", account: { id: tenant.accountId } } });
    const accounts = await api("GET", "/me/accounts", { token: teacher.token });
    expect(accounts.body).toEqual([expect.objectContaining({ persona: "teacher", active: true })]);
  });

  it("GET /users carries each person's persona in this account", async () => {
    const teacher = await createMember(tenant.accountId, "teacher", { displayName: "B Teacher" });
    const attendee = await createMember(tenant.accountId, "attendee", { displayName: "C Attendee" });
    // the same identity is an administrator elsewhere: this account's persona is shown
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: attendee.userId, persona: "administrator" } });
    await db.user.update({ where: { id: admin.userId }, data: { displayName: "A Admin" } });

    const response = await api("GET", "/users", { token: admin.token });

    expect(response.status).toBe(200);
    expect(response.body.map((row: { id: string; persona: string }) => [row.id, row.persona])).toEqual([
      [admin.userId, "administrator"],
      [teacher.userId, "teacher"],
      [attendee.userId, "attendee"],
    ]);
    expect(Object.keys(response.body[1]).sort()).toEqual(["dateOfBirth", "displayName", "email", "guardianId", "id", "persona", "status"]);
  });

  it("is no administrator: GET /users, invitations and user edits answer 403", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    for (const [method, path, body] of [
      ["GET", "/users", undefined],
      ["POST", "/users/invitations", { email: "y@example.com", displayName: "Y", persona: "attendee" }],
      ["PATCH", `/users/${teacher.userId}`, { persona: "administrator" }],
    ] as const) {
      expect(await api(method, path, { token: teacher.token, body }), `${method} ${path}`).toMatchObject(FORBIDDEN);
    }
    expect((await api("GET", "/me", { token: teacher.token })).body.persona).toBe("teacher");
  });
});
