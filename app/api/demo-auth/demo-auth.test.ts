import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { DEMO_EMAIL_DOMAIN, DEMO_FIXTURE } from "@/lib/demo/demo-fixture";
import { resetDemo } from "@/lib/demo/reset-demo";
import { seedDemo } from "@/lib/demo/seed-demo";
import { resetEnvCache } from "@/lib/env";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";

const DISABLED = { status: 404, body: { error: "Demo authentication is disabled" } };
const INVALID = { status: 400, body: { error: "Validation failed" } };
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The demo studio without its past: these tests read its people, sessions and resets (the past is
 * demo-past.test.ts's), and writing the past is most of a reset's time.
 */
const DEMO_WITHOUT_PAST = { ...DEMO_FIXTURE, history: { ...DEMO_FIXTURE.history, weeks: 0, regulars: [] } };

let demoAccountId: string;

/** Emails of the fixture people, by key. */
const email = (key: string) => `${key}@${DEMO_EMAIL_DOMAIN}`;

async function userIdOf(key: string): Promise<string> {
  return (await db.user.findUniqueOrThrow({ where: { email: email(key) } })).id;
}

/** The demo_session Set-Cookie line of a response, split into value and lower-cased attributes. */
function demoCookie(response: ApiResponse): { value: string; attributes: string[]; header: string } {
  const header = response.headers.getSetCookie().find((line) => line.startsWith("demo_session="));
  if (!header) throw new Error("no demo_session cookie set");
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  return { value: pair!.slice("demo_session=".length), attributes: attributes.map((a) => a.toLowerCase()), header };
}

function withEnv(values: Record<string, string>): void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  resetEnvCache();
  restore.push(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  });
}
const restore: (() => void)[] = [];
afterEach(() => {
  while (restore.length) restore.pop()!();
});

describe("before the demo tenant is seeded", () => {
  it("demo login and the persona list answer 404", async () => {
    expect(await api("POST", "/demo-auth/session", { body: { persona: "administrator" } })).toMatchObject(DISABLED);
    expect(await api("GET", "/demo-auth/users")).toMatchObject(DISABLED);
  });
});

describe("with the demo tenant seeded", () => {
  // A fresh demo tenant for every test: seeded once, then restored from the fixture.
  beforeEach(async () => {
    const seeded = await seedDemo({ fixture: DEMO_WITHOUT_PAST });
    demoAccountId = seeded.seeded ? seeded.accountId : (await resetDemo({ fixture: DEMO_WITHOUT_PAST })).accountId;
  });

  describe("when demo mode is off", () => {
    beforeEach(() => withEnv({ DEMO_MODE: "false" }));

    it.each([
      ["POST", "/demo-auth/session", { persona: "administrator" }],
      ["POST", "/demo-auth/session", { persona: 42, extra: true }],
      ["DELETE", "/demo-auth/session", undefined],
      ["GET", "/demo-auth/users", undefined],
      ["POST", "/demo-auth/reset", undefined],
    ])("%s %s answers 404 Demo authentication is disabled", async (method, path, body) => {
      expect(await api(method, path, { body })).toMatchObject(DISABLED);
    });

    it("does not reset the demo tenant", async () => {
      await db.group.updateMany({ where: { accountId: demoAccountId }, data: { name: "Changed" } });
      await api("POST", "/demo-auth/reset");
      expect(await db.group.findMany({ where: { accountId: demoAccountId }, select: { name: true } })).toEqual([
        { name: "Changed" },
      ]);
    });
  });

  describe("GET /demo-auth/users", () => {
    it("lists the seeded attendees in fixture order, not the administrator nor people who joined later", async () => {
      await createMember(demoAccountId, "attendee", { email: `joined@${DEMO_EMAIL_DOMAIN}` });

      const response = await api("GET", "/demo-auth/users");

      expect(response.status).toBe(200);
      expect(response.body.map((user: { email: string }) => user.email)).toEqual(
        DEMO_FIXTURE.attendees.map((p) => p.email),
      );
      expect(response.body[0]).toEqual({
        id: await userIdOf("ida.holm"),
        email: email("ida.holm"),
        displayName: "Ida Holm",
        status: "active",
        guardianId: null,
        dateOfBirth: "1990-04-12",
      });
    });

    it("leaves out a demo attendee who was disabled or made an administrator", async () => {
      await db.user.update({ where: { email: email("ida.holm") }, data: { status: "disabled" } });
      await db.membership.update({
        where: { accountId_userId: { accountId: demoAccountId, userId: await userIdOf("mads.jensen") } },
        data: { persona: "administrator" },
      });
      const response = await api("GET", "/demo-auth/users");
      expect(response.body.map((user: { email: string }) => user.email)).toEqual(
        DEMO_FIXTURE.attendees.map((p) => p.email).filter((e) => e !== email("ida.holm") && e !== email("mads.jensen")),
      );
    });

    it("lists the seeded teachers with ?persona=teacher, and answers 400 for another persona", async () => {
      const response = await api("GET", "/demo-auth/users?persona=teacher");
      expect(response.status).toBe(200);
      expect(response.body.map((user: { displayName: string }) => user.displayName)).toEqual([
        "Clara Holt",
        "Jonas Berg",
      ]);
      expect(await api("GET", "/demo-auth/users?persona=attendee")).toMatchObject({ status: 200 });
      expect(await api("GET", "/demo-auth/users?persona=administrator")).toMatchObject(INVALID);
    });

    it("answers 405 for a method it does not serve", async () => {
      expect(await api("POST", "/demo-auth/users")).toMatchObject({
        status: 405,
        body: { error: "Method not allowed" },
      });
    });
  });

  describe("POST /demo-auth/session", () => {
    it("signs in as the administrator with a one-day HttpOnly demo cookie", async () => {
      const response = await api("POST", "/demo-auth/session", { body: { persona: "administrator" } });

      const adminId = await userIdOf("mette.lund");
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ persona: "administrator", userId: adminId });
      const cookie = demoCookie(response);
      expect(cookie.value.length).toBeGreaterThanOrEqual(43);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(["path=/", "max-age=86400", "httponly", "samesite=lax"]),
      );
      expect(cookie.attributes).not.toContain("secure");
      expect(response.headers.get("cache-control")).toBe("no-store");

      const session = await db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(cookie.value) } });
      expect(session).toMatchObject({ userId: adminId, accountId: demoAccountId, kind: "demo" });
      expect(Math.abs(session.expiresAt.getTime() - (Date.now() + ONE_DAY_MS))).toBeLessThan(60_000);
    });

    it("gives a cookie that authenticates as the persona on the demo tenant", async () => {
      const login = await api("POST", "/demo-auth/session", { body: { persona: "administrator" } });
      const cookie = `demo_session=${demoCookie(login).value}`;

      const me = await api("GET", "/me", { cookie });

      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        user: { email: email("mette.lund") },
        account: { id: demoAccountId, slug: "demo", name: "Demo Studio" },
        persona: "administrator",
      });
      const users = await api("GET", "/users", { cookie });
      expect(users.status).toBe(200);
    });

    it("signs in as the first demo attendee without a userId", async () => {
      const response = await api("POST", "/demo-auth/session", { body: { persona: "attendee" } });
      expect(response).toMatchObject({
        status: 201,
        body: { persona: "attendee", userId: await userIdOf("ida.holm") },
      });
      const me = await api("GET", "/me", { cookie: `demo_session=${demoCookie(response).value}` });
      expect(me.body).toMatchObject({ user: { displayName: "Ida Holm" }, persona: "attendee" });
      // an attendee persona is no administrator
      expect(await api("GET", "/users", { cookie: `demo_session=${demoCookie(response).value}` })).toMatchObject({
        status: 403,
        body: { error: "Insufficient permission" },
      });
    });

    it("signs in as the first demo teacher without a userId, or as the chosen one", async () => {
      const response = await api("POST", "/demo-auth/session", { body: { persona: "teacher" } });
      expect(response).toMatchObject({
        status: 201,
        body: { persona: "teacher", userId: await userIdOf("clara.holt") },
      });
      const cookie = `demo_session=${demoCookie(response).value}`;
      expect((await api("GET", "/me", { cookie })).body).toMatchObject({
        user: { displayName: "Clara Holt" },
        persona: "teacher",
      });
      // a teacher is no administrator
      expect(await api("GET", "/users", { cookie })).toMatchObject({
        status: 403,
        body: { error: "Insufficient permission" },
      });

      const jonas = await userIdOf("jonas.berg");
      expect(await api("POST", "/demo-auth/session", { body: { persona: "teacher", userId: jonas } })).toMatchObject({
        status: 201,
        body: { persona: "teacher", userId: jonas },
      });
    });

    it("signs in as the chosen demo attendee", async () => {
      const userId = await userIdOf("freja.nielsen");
      const response = await api("POST", "/demo-auth/session", { body: { persona: "attendee", userId } });
      expect(response).toMatchObject({ status: 201, body: { persona: "attendee", userId } });
      const session = await db.session.findUniqueOrThrow({
        where: { tokenHash: hashToken(demoCookie(response).value) },
      });
      expect(session).toMatchObject({ userId, accountId: demoAccountId, kind: "demo" });
    });

    it("marks the cookie Secure when the service is served over https", async () => {
      withEnv({ APP_URL: "https://booking.example.com" });
      const response = await api("POST", "/demo-auth/session", { body: { persona: "administrator" } });
      expect(demoCookie(response).attributes).toContain("secure");
    });

    it("ends the demo session the caller held before", async () => {
      const first = demoCookie(await api("POST", "/demo-auth/session", { body: { persona: "attendee" } }));
      const second = await api("POST", "/demo-auth/session", {
        body: { persona: "administrator" },
        cookie: `demo_session=${first.value}`,
      });
      expect(second.status).toBe(201);
      expect(await db.session.findUnique({ where: { tokenHash: hashToken(first.value) } })).toBeNull();
      expect(await api("GET", "/me", { cookie: `demo_session=${first.value}` })).toMatchObject({ status: 401 });
    });

    it("answers 404 for an unknown persona or a userId that is not a demo persona", async () => {
      const other = await createTenant();
      const joined = await createMember(demoAccountId, "attendee");
      const adminId = await userIdOf("mette.lund");
      const idaId = await userIdOf("ida.holm");
      const sessionsBefore = await db.session.count({ where: { kind: "demo" } });
      for (const body of [
        { persona: "Teacher" },
        { persona: "Administrator" },
        { persona: "teacher", userId: idaId },
        { persona: "teacher", userId: adminId },
        { persona: "attendee", userId: "no-such-user" },
        { persona: "attendee", userId: adminId },
        { persona: "attendee", userId: other.admin.userId },
        { persona: "attendee", userId: joined.userId },
        { persona: "administrator", userId: idaId },
      ]) {
        expect(await api("POST", "/demo-auth/session", { body }), JSON.stringify(body)).toMatchObject(DISABLED);
      }
      expect(await db.session.count({ where: { kind: "demo" } })).toBe(sessionsBefore);
    });

    it("answers 404 for a persona who is no longer selectable", async () => {
      await db.user.update({ where: { email: email("mette.lund") }, data: { status: "disabled" } });
      expect(await api("POST", "/demo-auth/session", { body: { persona: "administrator" } })).toMatchObject(DISABLED);
    });

    it.each([
      ["malformed JSON", { rawBody: "{ persona: " }],
      ["no body", {}],
      ["an array", { body: [] }],
      ["no persona", { body: { userId: "x" } }],
      ["an empty persona", { body: { persona: "" } }],
      ["a persona of the wrong type", { body: { persona: 1 } }],
      ["a userId of the wrong type", { body: { persona: "attendee", userId: 5 } }],
      ["an unknown field", { body: { persona: "administrator", accountId: "x" } }],
    ])("answers 400 Validation failed for %s", async (_name, options) => {
      expect(await api("POST", "/demo-auth/session", options)).toMatchObject(INVALID);
    });

    it("answers 413 for a body over 100 kB", async () => {
      const rawBody = JSON.stringify({ persona: "administrator", padding: "x".repeat(110_000) });
      expect(await api("POST", "/demo-auth/session", { rawBody })).toMatchObject({
        status: 413,
        body: { error: "Payload too large" },
      });
    });

    it("answers 405 for a method it does not serve", async () => {
      expect(await api("GET", "/demo-auth/session")).toMatchObject({
        status: 405,
        body: { error: "Method not allowed" },
      });
    });
  });

  describe("DELETE /demo-auth/session", () => {
    it("ends the session, clears the cookie and the cookie no longer authenticates", async () => {
      const login = demoCookie(await api("POST", "/demo-auth/session", { body: { persona: "administrator" } }));

      const response = await api("DELETE", "/demo-auth/session", { cookie: `demo_session=${login.value}` });

      expect(response.status).toBe(204);
      expect(response.text).toBe("");
      const cleared = demoCookie(response);
      expect(cleared.value).toBe("");
      expect(cleared.attributes).toEqual(expect.arrayContaining(["path=/", "max-age=0", "httponly", "samesite=lax"]));
      expect(await db.session.findUnique({ where: { tokenHash: hashToken(login.value) } })).toBeNull();
      expect(await api("GET", "/me", { cookie: `demo_session=${login.value}` })).toMatchObject({
        status: 401,
        body: { error: "Authentication required" },
      });
    });

    it("is safe without a session or with an unknown one", async () => {
      expect((await api("DELETE", "/demo-auth/session")).status).toBe(204);
      expect((await api("DELETE", "/demo-auth/session", { cookie: "demo_session=unknown" })).status).toBe(204);
    });

    it("never ends a session that is not a demo session", async () => {
      const other = await createTenant();
      const response = await api("DELETE", "/demo-auth/session", { cookie: `demo_session=${other.admin.token}` });
      expect(response.status).toBe(204);
      expect((await api("GET", "/me", { token: other.admin.token })).status).toBe(200);
    });
  });

  describe("POST /demo-auth/reset", () => {
    it("restores the demo tenant, ends demo sessions and leaves another tenant untouched", async () => {
      const other = await createTenant({ name: "Other Studio" });
      const otherGroup = await db.group.create({ data: { accountId: other.accountId, name: "Other regulars" } });
      await db.group.updateMany({ where: { accountId: demoAccountId }, data: { name: "Renamed by a visitor" } });
      const login = demoCookie(await api("POST", "/demo-auth/session", { body: { persona: "administrator" } }));

      const response = await api("POST", "/demo-auth/reset", { cookie: `demo_session=${login.value}` });

      expect(response.status).toBe(204);
      expect(demoCookie(response).attributes).toContain("max-age=0");
      const demo = await db.account.findUniqueOrThrow({ where: { slug: "demo" }, include: { groups: true } });
      expect(demo.groups.map((group) => group.name)).toEqual(["Faste morgengæster"]);
      expect(await api("GET", "/me", { cookie: `demo_session=${login.value}` })).toMatchObject({ status: 401 });
      expect(await db.group.findUnique({ where: { id: otherGroup.id } })).toMatchObject({ name: "Other regulars" });
      expect((await api("GET", "/me", { token: other.admin.token })).body).toMatchObject({
        account: { name: "Other Studio" },
      });

      // the restored personas work
      const again = await api("POST", "/demo-auth/session", { body: { persona: "attendee" } });
      expect(again).toMatchObject({ status: 201, body: { userId: await userIdOf("ida.holm") } });
    });

    it("refuses a browser's request from another site (403) and takes one from our own pages", async () => {
      await db.group.updateMany({ where: { accountId: demoAccountId }, data: { name: "Renamed by a visitor" } });
      const renamed = () => db.group.count({ where: { accountId: demoAccountId, name: "Renamed by a visitor" } });
      const foreign: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
      ];
      for (const headers of foreign) {
        const response = await api("POST", "/demo-auth/reset", { headers });
        expect(response, JSON.stringify(headers)).toMatchObject({
          status: 403,
          body: { error: "Insufficient permission" },
        });
      }
      expect(await renamed()).toBeGreaterThan(0);

      const ours = await api("POST", "/demo-auth/reset", {
        headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      });
      expect(ours.status).toBe(204);
      expect(await renamed()).toBe(0);
    });

    it("answers 405 for a method it does not serve", async () => {
      expect(await api("GET", "/demo-auth/reset")).toMatchObject({
        status: 405,
        body: { error: "Method not allowed" },
      });
    });
  });
});
