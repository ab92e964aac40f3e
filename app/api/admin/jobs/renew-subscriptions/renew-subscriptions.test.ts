import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// POST /admin/jobs/renew-subscriptions with the demo provider (the default).

let tenant: TestTenant;
let other: TestTenant;

type Product = { id: string; prices: { id: string }[] };

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", { token, body: { name: "P", status: "active", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

async function subscribe(member: TestMember, p: Product, priceIndex = 0) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[priceIndex]!.id },
  });
  expect(response.status).toBe(201);
  return response.body.entitlement as { id: string; validUntil: string };
}

const lapse = (entitlementId: string, validUntil: Date) =>
  db.entitlement.update({ where: { id: entitlementId }, data: { validUntil } });
const run = (token = tenant.admin.token) => api("POST", "/admin/jobs/renew-subscriptions", { token });

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

describe("POST /admin/jobs/renew-subscriptions", () => {
  it("renews a due subscription once: a paid order and one more billing period; a second run renews nothing", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    });
    const entitlement = await subscribe(member, monthly);
    const due = new Date(Date.now() - 60_000);
    await lapse(entitlement.id, due);

    const first = await run();
    expect(first).toMatchObject({ status: 200, body: { renewed: 1 } });
    const renewed = await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } });
    const expected = new Date(due);
    expected.setUTCMonth(
      due.getUTCMonth() + 1,
      Math.min(due.getUTCDate(), new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 2, 0)).getUTCDate()),
    );
    expect(renewed.validUntil?.toISOString()).toBe(expected.toISOString());
    const orders = await db.order.findMany({ where: { userId: member.userId }, orderBy: { createdAt: "asc" } });
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({
      provider: "demo",
      status: "paid",
      amount: 59900,
      currency: "DKK",
      priceId: monthly.prices[0]!.id,
      productId: monthly.id,
    });

    expect(await run()).toMatchObject({ status: 200, body: { renewed: 0 } });
    expect(await db.order.count({ where: { userId: member.userId } })).toBe(2);
    const listed = await api("GET", "/me/entitlements", { token: member.token });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: entitlement.id, status: "active", validUntil: expected.toISOString() }),
    ]);
  });

  it("renews once when two runs race", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const weekly = await product({
      type: "subscription",
      prices: [{ amount: 15000, currency: "DKK", interval: "week" }],
    });
    const entitlement = await subscribe(member, weekly);
    await lapse(entitlement.id, new Date(Date.now() - 1000));
    const results = await Promise.all([run(), run(), run()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.reduce((sum, r) => sum + (r.body.renewed as number), 0)).toBe(1);
    expect(await db.order.count({ where: { userId: member.userId } })).toBe(2);
  });

  it("restarts a subscription lapsed for longer than a period from now", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const weekly = await product({
      type: "subscription",
      prices: [{ amount: 15000, currency: "DKK", interval: "week", intervalCount: 1 }],
    });
    const entitlement = await subscribe(member, weekly);
    await lapse(entitlement.id, new Date(Date.now() - 30 * 86_400_000));
    const before = Date.now();
    expect((await run()).body).toEqual({ renewed: 1, instalments: 0 });
    const renewed = await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } });
    expect(renewed.validUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 5_000);
    expect((await run()).body).toEqual({ renewed: 0, instalments: 0 });
  });

  it("leaves alone what is not due, not a subscription, revoked, a desk grant, a former member's, or another tenant's", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const leaver = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 100, currency: "DKK", interval: "month" }],
    });
    const pass = await product({
      type: "class_pass",
      classAllowance: 5,
      validityDays: 10,
      prices: [{ amount: 100, currency: "DKK" }],
    });
    const past = new Date(Date.now() - 60_000);

    await subscribe(member, monthly); // not due
    await lapse((await subscribe(member, pass)).id, past); // not a subscription
    const revoked = await subscribe(member, monthly);
    await lapse(revoked.id, past);
    await db.entitlement.update({ where: { id: revoked.id }, data: { status: "revoked" } });
    const desk = await api("POST", `/users/${member.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: monthly.id },
    });
    await lapse(desk.body.id, past);
    await lapse((await subscribe(leaver, monthly)).id, past);
    expect((await api("DELETE", `/memberships/${leaver.userId}`, { token: tenant.admin.token })).status).toBe(204);

    const foreignMember = await createMember(other.accountId, "attendee");
    const foreign = await product(
      { type: "subscription", prices: [{ amount: 100, currency: "DKK", interval: "month" }] },
      other.admin.token,
    );
    const theirs = await subscribe(foreignMember, foreign);
    await lapse(theirs.id, past);

    const ordersBefore = await db.order.count();
    expect((await run()).body).toEqual({ renewed: 0, instalments: 0 });
    expect(await db.order.count()).toBe(ordersBefore);
    // The other tenant's administrator renews their own.
    expect((await run(other.admin.token)).body).toEqual({ renewed: 1, instalments: 0 });
  });

  it("answers 401 and 403 for an attendee", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await api("POST", "/admin/jobs/renew-subscriptions")).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await run(attendee.token)).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
  });
});
