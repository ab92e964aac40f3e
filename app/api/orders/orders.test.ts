import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createSession } from "@/lib/auth/create-session";

// GET /me/orders, GET /me/entitlements (own, newest first) and GET /orders (admin, the tenant's).

let tenant: TestTenant;
let other: TestTenant;
let ida: TestMember;
let bo: TestMember;
let idaOrders: string[];
let boOrder: string;
let theirOrder: string;
let idaInOther: TestMember;

type Product = { id: string; prices: { id: string }[] };

async function product(token: string, body: Record<string, unknown> = {}): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Pass",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
      ...body,
    },
  });
  expect(response.status).toBe(201);
  return response.body as Product;
}

async function buy(member: TestMember, p: Product): Promise<string> {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
  });
  expect(response.status).toBe(201);
  return response.body.order.id as string;
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  ida = await createMember(tenant.accountId, "attendee");
  bo = await createMember(tenant.accountId, "attendee");
  const pass = await product(tenant.admin.token);
  const dropIn = await product(tenant.admin.token, { type: "drop_in", classAllowance: null });
  idaOrders = [await buy(ida, pass), await buy(ida, dropIn)];
  boOrder = await buy(bo, pass);
  // Ida is also a member of the other studio and buys there.
  await db.membership.create({ data: { accountId: other.accountId, userId: ida.userId, persona: "attendee" } });
  const session = await createSession({ userId: ida.userId, accountId: other.accountId, kind: "bearer" });
  idaInOther = { ...ida, token: session.token };
  theirOrder = await buy(idaInOther, await product(other.admin.token));
});

describe("GET /me/orders", () => {
  it("lists the member's own orders in the active account, newest first", async () => {
    const response = await api("GET", "/me/orders", { token: ida.token });
    expect(response.status).toBe(200);
    expect(response.body.map((o: { id: string }) => o.id)).toEqual([...idaOrders].reverse());
    expect(response.body[0]).toEqual({
      id: idaOrders[1],
      accountId: tenant.accountId,
      userId: ida.userId,
      productId: expect.any(String),
      priceId: expect.any(String),
      amount: 50000,
      discountAmount: 0,
      promoCodeId: null,
      giftCardId: null,
      giftCardAmount: 0,
      currency: "DKK",
      status: "paid",
      provider: "demo",
      createdAt: expect.any(String),
      paidAt: expect.any(String),
      refundedAt: null,
      refundedAmount: 0,
      receiptNumber: 2,
      vatAmount: null,
      vatRate: null,
      instalmentOf: null,
      instalment: null,
      instalments: null,
      startNowRequestedAt: null,
      termsVersion: null,
      withdrawal: null, // a drop-in: one dated class
    });
    expect(response.body[1].withdrawal).toEqual({ until: expect.stringMatching(/Z$/), status: "open" }); // the pass
    const inOther = await api("GET", "/me/orders", { token: idaInOther.token });
    expect(inOther.body.map((o: { id: string }) => o.id)).toEqual([theirOrder]);
    expect((await api("GET", "/me/orders", { token: bo.token })).body.map((o: { id: string }) => o.id)).toEqual([
      boOrder,
    ]);
  });

  it("answers 401 without a session", async () => {
    expect(await api("GET", "/me/orders")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("GET /me/entitlements", () => {
  it("lists the member's own entitlements in the active account, newest first", async () => {
    const response = await api("GET", "/me/entitlements", { token: ida.token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body.map((e: { remainingClasses: number }) => e.remainingClasses)).toEqual([1, 5]);
    expect(
      response.body.every(
        (e: { userId: string; accountId: string }) => e.userId === ida.userId && e.accountId === tenant.accountId,
      ),
    ).toBe(true);
    expect((await api("GET", "/me/entitlements", { token: idaInOther.token })).body).toHaveLength(1);
  });

  it("shows a lapsed entitlement as expired and a used-up one as exhausted", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const p = await product(tenant.admin.token);
    await buy(member, p);
    await buy(member, p);
    const [first, second] = await db.entitlement.findMany({
      where: { userId: member.userId },
      orderBy: { createdAt: "asc" },
    });
    await db.entitlement.update({ where: { id: first!.id }, data: { validUntil: new Date(Date.now() - 1000) } });
    await db.entitlement.update({ where: { id: second!.id }, data: { remainingClasses: 0 } });
    const response = await api("GET", "/me/entitlements", { token: member.token });
    expect(response.body.map((e: { status: string }) => e.status)).toEqual(["exhausted", "expired"]);
  });

  it("answers 401 without a session", async () => {
    expect(await api("GET", "/me/entitlements")).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });
});

describe("GET /orders", () => {
  it("lists every order of the tenant to its administrator, newest first, none of another tenant", async () => {
    const response = await api("GET", "/orders", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    const ids = response.body.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([...idaOrders, boOrder]));
    expect(ids).not.toContain(theirOrder);
    const times = response.body.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const theirs = await api("GET", "/orders", { token: other.admin.token });
    expect(theirs.body.map((o: { id: string }) => o.id)).toEqual([theirOrder]);
  });

  it("answers 401 and 403 for an attendee", async () => {
    expect(await api("GET", "/orders")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("GET", "/orders", { token: ida.token })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});
