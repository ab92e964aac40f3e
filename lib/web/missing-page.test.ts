import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { isMissingPage } from "./missing-page";

let tenant: TestTenant;
let other: TestTenant;
let teacher: TestMember;
let instanceId: string;
let otherInstanceId: string;

/** A page's session cookie, as the browser sends it. */
const signedIn = (token?: string) => ({ get: (name: string) => (token && name === "session" ? { value: token } : undefined) });
const signedOut = signedIn();

async function classOf(owner: TestTenant): Promise<string> {
  const startsAt = new Date(Date.UTC(2031, 0, 6, 9)).toISOString();
  const event = await api("POST", "/events", { token: owner.admin.token, body: { title: "Yin", durationMinutes: 60, startsAt } });
  expect(event.status).toBe(201);
  const instance = await db.instance.findFirstOrThrow({ where: { eventId: event.body.id } });
  return instance.id;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  teacher = await createMember(tenant.accountId, "teacher");
  [instanceId, otherInstanceId] = await Promise.all([classOf(tenant), classOf(other)]);
});

describe("a page whose studio or class the public cannot see", () => {
  it("is a studio's page under a slug no active studio has", async () => {
    expect(await isMissingPage("/no-such-studio", signedOut)).toBe(true);
    expect(await isMissingPage("/no-such-studio/passes", signedOut)).toBe(true);
    await db.account.update({ where: { id: other.accountId }, data: { status: "suspended" } });
    expect(await isMissingPage(`/${other.slug}`, signedOut)).toBe(true);
    await db.account.update({ where: { id: other.accountId }, data: { status: "active" } });
  });

  it("is a class page of an unknown class, another studio's class, or one the public schedule hides", async () => {
    expect(await isMissingPage(`/${tenant.slug}/classes/nope`, signedOut)).toBe(true);
    expect(await isMissingPage(`/${tenant.slug}/classes/${randomUUID()}`, signedOut)).toBe(true);
    expect(await isMissingPage(`/${tenant.slug}/classes/${otherInstanceId}`, signedOut)).toBe(true);
    await db.instance.update({ where: { id: instanceId }, data: { status: "cancelled" } });
    expect(await isMissingPage(`/${tenant.slug}/classes/${instanceId}`, signedOut)).toBe(true);
    await db.instance.update({ where: { id: instanceId }, data: { status: "scheduled" } });
  });

  it("is not a page that is there, nor the app's own pages", async () => {
    for (const path of [`/${tenant.slug}`, `/${tenant.slug}/passes`, `/${tenant.slug}/classes/${instanceId}`])
      expect({ path, missing: await isMissingPage(path, signedOut) }).toEqual({ path, missing: false });
    for (const path of ["/", "/sign-in", "/sign-in/verify", "/signup", "/dashboard", "/icon.svg", "/favicon.ico", "/UPPER"])
      expect({ path, missing: await isMissingPage(path, signedOut) }).toEqual({ path, missing: false });
  });
});

describe("a dashboard record that is not there", () => {
  it("is an id of no record, or another studio's, for the studio's administrator", async () => {
    const admin = signedIn(tenant.admin.token);
    expect(await isMissingPage(`/dashboard/products/${randomUUID()}`, admin)).toBe(true);
    expect(await isMissingPage(`/dashboard/users/${other.admin.userId}`, admin)).toBe(true);
    expect(await isMissingPage(`/dashboard/webhooks/${randomUUID()}`, admin)).toBe(true);
    expect(await isMissingPage(`/dashboard/classes/${otherInstanceId}`, admin)).toBe(true);
    expect(await isMissingPage(`/dashboard/classes/${instanceId}`, admin)).toBe(false);
    expect(await isMissingPage(`/dashboard/users/${teacher.userId}`, admin)).toBe(false);
  });

  it("is left to the page for someone signed out or a teacher on an administrator's page, and for pages of their own", async () => {
    expect(await isMissingPage(`/dashboard/products/${randomUUID()}`, signedOut)).toBe(false);
    expect(await isMissingPage(`/dashboard/products/${randomUUID()}`, signedIn(teacher.token))).toBe(false);
    expect(await isMissingPage(`/dashboard/classes/${otherInstanceId}`, signedIn(teacher.token))).toBe(true);
    expect(await isMissingPage("/dashboard/products/new", signedIn(tenant.admin.token))).toBe(false);
    expect(await isMissingPage("/dashboard/settings/payments", signedIn(tenant.admin.token))).toBe(false);
  });
});
