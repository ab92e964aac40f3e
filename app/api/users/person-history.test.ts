import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createSession } from "@/lib/auth/create-session";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";

// GET /users/{userId}/bookings, /entitlements, /orders (issue 16 §3): one person's history in this
// account, for an administrator, in the shapes of GET /me/bookings, /me/entitlements, /me/orders.

let tenant: TestTenant;
let other: TestTenant;
let ida: TestMember;
let idaThere: TestMember;
let teacher: TestMember;

async function deskGrant(target: TestTenant, userId: string) {
  const product = await api("POST", "/products", {
    token: target.admin.token,
    body: { type: "class_pass", classAllowance: 5, name: "5 classes", status: "active", prices: [{ amount: 50000, currency: "DKK" }] },
  });
  const granted = await api("POST", `/users/${userId}/entitlements`, { token: target.admin.token, body: { productId: product.body.id } });
  expect(granted.status).toBe(201);
  return granted.body as { id: string; orderId: string };
}

async function book(member: TestMember, instanceId: string) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

let here: { entitlement: string; bookings: string[] };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  ida = await createMember(tenant.accountId, "attendee");
  teacher = await createMember(tenant.accountId, "teacher");
  await db.membership.create({ data: { accountId: other.accountId, userId: ida.userId, persona: "attendee" } });
  idaThere = { ...ida, token: (await createSession({ userId: ida.userId, accountId: other.accountId, kind: "bearer" })).token };

  const entitlement = await deskGrant(tenant, ida.userId);
  const later = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY), title: "Later" });
  const sooner = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 1 * DAY), title: "Sooner" });
  here = { entitlement: entitlement.id, bookings: [await book(ida, sooner.id), await book(ida, later.id)] };
  // someone else here, and Ida in the other studio: neither is in Ida's history here
  const bo = await createMember(tenant.accountId, "attendee");
  await deskGrant(tenant, bo.userId);
  await book(bo, sooner.id);
  await deskGrant(other, ida.userId);
  await book(idaThere, (await createClass(other.accountId, { title: "Elsewhere" })).id);
});

describe("a person's history", () => {
  it("GET /users/{userId}/bookings answers what GET /me/bookings answers them, here only", async () => {
    const response = await api("GET", `/users/${ida.userId}/bookings`, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((item: { booking: { id: string } }) => item.booking.id)).toEqual(here.bookings);
    expect(response.body).toEqual((await api("GET", "/me/bookings", { token: ida.token })).body);
    expect(response.body[0].event.title).toBe("Sooner");
  });

  it("GET /users/{userId}/bookings takes from and to as GET /me/bookings does", async () => {
    const from = new Date(Date.now() + 2 * DAY).toISOString();
    const response = await api("GET", `/users/${ida.userId}/bookings?from=${from}`, { token: tenant.admin.token });
    expect(response.body.map((item: { booking: { id: string } }) => item.booking.id)).toEqual([here.bookings[1]]);
    expect(await api("GET", `/users/${ida.userId}/bookings?from=nope`, { token: tenant.admin.token })).toMatchObject({
      status: 400,
    });
  });

  it("GET /users/{userId}/entitlements and /orders answer what /me/… answer them, here only", async () => {
    const entitlements = await api("GET", `/users/${ida.userId}/entitlements`, { token: tenant.admin.token });
    expect(entitlements.status).toBe(200);
    expect(entitlements.body.map((e: { id: string }) => e.id)).toEqual([here.entitlement]);
    expect(entitlements.body[0].remainingClasses).toBe(3);
    expect(entitlements.body).toEqual((await api("GET", "/me/entitlements", { token: ida.token })).body);

    const orders = await api("GET", `/users/${ida.userId}/orders`, { token: tenant.admin.token });
    expect(orders.status).toBe(200);
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0]).toMatchObject({ userId: ida.userId, accountId: tenant.accountId, provider: "desk", status: "paid" });
    expect(orders.body).toEqual((await api("GET", "/me/orders", { token: ida.token })).body);
  });

  it("answers 404 for a person of another account and for an unknown id, 404 even with nothing to show", async () => {
    const stranger = await createMember(other.accountId, "attendee");
    for (const kind of ["bookings", "entitlements", "orders"]) {
      for (const userId of [stranger.userId, other.admin.userId, randomUUID()]) {
        expect(await api("GET", `/users/${userId}/${kind}`, { token: tenant.admin.token }), kind).toMatchObject({
          status: 404,
          body: { error: "Resource not found" },
        });
      }
      const quiet = await createMember(tenant.accountId, "attendee");
      expect(await api("GET", `/users/${quiet.userId}/${kind}`, { token: tenant.admin.token })).toMatchObject({ status: 200, body: [] });
    }
  });

  it("answers a teacher and an attendee 403, and nobody 401", async () => {
    for (const kind of ["bookings", "entitlements", "orders"]) {
      const path = `/users/${ida.userId}/${kind}`;
      expect(await api("GET", path, { token: teacher.token })).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
      expect(await api("GET", path, { token: ida.token })).toMatchObject({ status: 403 });
      expect(await api("GET", path)).toMatchObject({ status: 401 });
    }
  });
});
