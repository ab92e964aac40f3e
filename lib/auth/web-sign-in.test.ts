// What the "Sign in" button of /sign-in/verify does (app/sign-in/verify/actions.ts): consume the
// link with the API's own function, as a "web" session, carried by the `session` cookie.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { emailedToken } from "@/tests/helpers/outbox";
import { consumeMagicLink } from "./consume-magic-link";
import { webSessionCookie } from "./web-session-cookie";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const savedAppUrl = process.env.APP_URL;
afterEach(() => {
  process.env.APP_URL = savedAppUrl;
  resetEnvCache();
});

describe("web sign-in with the emailed link", () => {
  it("creates a web session whose cookie authenticates, and burns the link", async () => {
    const tenant = await createTenant();
    const member = await createMember(tenant.accountId, "attendee");
    await api("POST", "/auth/magic-links", { body: { email: member.email, accountId: tenant.accountId } });
    const token = await emailedToken(member.email);

    const result = await consumeMagicLink({ token, kind: "web" });
    expect(result.session.accountId).toBe(tenant.accountId);
    expect(await db.session.findUnique({ where: { tokenHash: sha256(result.session.id) } })).toMatchObject({
      kind: "web",
      userId: member.userId,
      accountId: tenant.accountId,
    });
    const cookie = webSessionCookie(result.session);
    const switched = await api("POST", "/session/account", {
      cookie: `${cookie.name}=${cookie.value}`,
      body: { accountId: tenant.accountId },
    });
    expect(switched.status).toBe(200);
    await expect(consumeMagicLink({ token, kind: "web" })).rejects.toMatchObject({ code: "magic_link_invalid" });
  });

  it("sets the cookie HttpOnly, SameSite=Lax, for the session's lifetime, Secure only over https", () => {
    const session = { id: "token-value", expiresAt: "2026-12-21T09:00:00.000Z" };
    expect(webSessionCookie(session)).toEqual({
      name: "session",
      value: "token-value",
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      path: "/",
      expires: new Date("2026-12-21T09:00:00.000Z"),
    });
    process.env.APP_URL = "https://studio.example";
    resetEnvCache();
    expect(webSessionCookie(session).secure).toBe(true);
  });
});
