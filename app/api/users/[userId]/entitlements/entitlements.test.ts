import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// POST /users/{userId}/entitlements: a grant for a payment taken at the desk.

let tenant: TestTenant;
let other: TestTenant;
let attendee: TestMember;
let outsider: TestMember;

type Product = { id: string; prices: { id: string; amount: number }[] };

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: { name: "P", status: "active", prices: [{ amount: 100, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  outsider = await createMember(other.accountId, "attendee");
});

describe("POST /users/{userId}/entitlements", () => {
  it("creates the entitlement and a paid desk order at the product's first current price", async () => {
    const pass = await product({
      type: "class_pass",
      classAllowance: 8,
      validityDays: 30,
      prices: [
        { amount: 70000, currency: "DKK" },
        { amount: 50000, currency: "DKK" },
      ],
    });
    // Retire the first price: the grant takes the first *current* one.
    await api("PATCH", `/products/${pass.id}`, {
      token: tenant.admin.token,
      body: {
        prices: [
          { id: pass.prices[1]!.id, amount: 50000, currency: "DKK" },
          { amount: 90000, currency: "DKK" },
        ],
      },
    });
    const response = await api("POST", `/users/${attendee.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id, note: "Paid cash" },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      userId: attendee.userId,
      productId: pass.id,
      remainingClasses: 8,
      validFrom: expect.any(String),
      validUntil: expect.any(String),
      status: "active",
      createdAt: expect.any(String),
      cancelAt: null,
      pausedFrom: null,
      pausedUntil: null,
    });
    expect(Date.parse(response.body.validUntil) - Date.parse(response.body.validFrom)).toBe(30 * 86_400_000);
    const stored = await db.entitlement.findUniqueOrThrow({
      where: { id: response.body.id },
      include: { order: true },
    });
    expect(stored.note).toBe("Paid cash");
    expect(stored.order).toMatchObject({
      provider: "desk",
      status: "paid",
      amount: 50000,
      currency: "DKK",
      priceId: pass.prices[1]!.id,
      userId: attendee.userId,
    });
    const mine = await api("GET", "/me/entitlements", { token: attendee.token });
    expect(mine.body.map((e: { id: string }) => e.id)).toContain(response.body.id);
    const orders = await api("GET", "/orders", { token: tenant.admin.token });
    expect(orders.body.find((o: { id: string }) => o.id === stored.orderId)).toMatchObject({
      provider: "desk",
      status: "paid",
    });
  });

  it("grants products of any status, also beyond the purchase limit and age rules", async () => {
    const draft = await product({
      type: "drop_in",
      status: "draft",
      purchaseLimitPerUser: 1,
      prices: [{ amount: 100, currency: "DKK", minAge: 90 }],
    });
    for (let i = 0; i < 2; i++) {
      const response = await api("POST", `/users/${attendee.userId}/entitlements`, {
        token: tenant.admin.token,
        body: { productId: draft.id },
      });
      expect(response).toMatchObject({ status: 201, body: { remainingClasses: 1 } });
    }
  });

  it("answers 404 for an unknown or foreign product and for a user who is not a member", async () => {
    const mine = await product({ type: "drop_in" });
    const theirs = await product({ type: "drop_in" }, other.admin.token);
    const cases: [string, string][] = [
      [attendee.userId, "unknown"],
      [attendee.userId, theirs.id],
      ["unknown-user", mine.id],
      [outsider.userId, mine.id],
      [other.admin.userId, mine.id],
    ];
    for (const [userId, productId] of cases) {
      const response = await api("POST", `/users/${userId}/entitlements`, {
        token: tenant.admin.token,
        body: { productId },
      });
      expect(response, `${userId} ${productId}`).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    }
    expect(await db.order.count({ where: { userId: outsider.userId } })).toBe(0);
  });

  it("answers 400 for bad input and 413 for an oversize body", async () => {
    for (const body of [
      {},
      { productId: 1 },
      { productId: "p", note: 5 },
      { productId: "p", remainingClasses: 100 },
      { productId: "p", note: "x".repeat(501) },
    ]) {
      const response = await api("POST", `/users/${attendee.userId}/entitlements`, { token: tenant.admin.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    expect(
      await api("POST", `/users/${attendee.userId}/entitlements`, { token: tenant.admin.token, rawBody: "{" }),
    ).toMatchObject({ status: 400 });
    expect(
      await api("POST", `/users/${attendee.userId}/entitlements`, {
        token: tenant.admin.token,
        rawBody: JSON.stringify({ productId: "x".repeat(110 * 1024) }),
      }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 and 403 for an attendee", async () => {
    const p = await product({ type: "drop_in" });
    expect(await api("POST", `/users/${attendee.userId}/entitlements`, { body: { productId: p.id } })).toMatchObject({
      status: 401,
    });
    expect(
      await api("POST", `/users/${attendee.userId}/entitlements`, { token: attendee.token, body: { productId: p.id } }),
    ).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
  describe("with priceId", () => {
    const grantAt = (userId: string, body: Record<string, unknown>) =>
      api("POST", `/users/${userId}/entitlements`, { token: tenant.admin.token, body });

    async function personBorn(dateOfBirth: string | null) {
      const person = await createMember(tenant.accountId, "attendee");
      await db.user.update({ where: { id: person.userId }, data: { dateOfBirth: dateOfBirth ? new Date(`${dateOfBirth}T00:00:00Z`) : null } });
      return person;
    }

    /** A pass with an adult price first and a youth price (up to 25) second. */
    async function passWithYouthPrice() {
      return product({
        type: "class_pass",
        classAllowance: 10,
        prices: [
          { amount: 120000, currency: "DKK" },
          { amount: 80000, currency: "DKK", maxAge: 25 },
        ],
      });
    }

    it("charges the chosen price: a youth price for a young person", async () => {
      const pass = await passWithYouthPrice();
      const young = await personBorn("2012-06-15");

      const response = await grantAt(young.userId, { productId: pass.id, priceId: pass.prices[1]!.id });

      expect(response).toMatchObject({ status: 201, body: { productId: pass.id, remainingClasses: 10 } });
      const stored = await db.entitlement.findUniqueOrThrow({ where: { id: response.body.id }, include: { order: true } });
      expect(stored.order).toMatchObject({ provider: "desk", status: "paid", amount: 80000, priceId: pass.prices[1]!.id });
    });

    it("answers 409 Not eligible for this price when the person's age does not fit it, or is unknown", async () => {
      const pass = await passWithYouthPrice();
      const adult = await personBorn("1980-03-02");
      const unknownAge = await personBorn(null);
      for (const person of [adult, unknownAge]) {
        expect(await grantAt(person.userId, { productId: pass.id, priceId: pass.prices[1]!.id })).toMatchObject({
          status: 409,
          body: { error: "Not eligible for this price" },
        });
        expect(await db.order.count({ where: { userId: person.userId } })).toBe(0);
      }
      // the adult price fits anyone; without priceId the first price is charged as before
      expect(await grantAt(adult.userId, { productId: pass.id, priceId: pass.prices[0]!.id })).toMatchObject({ status: 201 });
      expect(await grantAt(unknownAge.userId, { productId: pass.id })).toMatchObject({ status: 201 });
    });

    it("answers 404 for a price of another product, another tenant's, a retired or an unknown price", async () => {
      const pass = await passWithYouthPrice();
      const otherProduct = await product({ type: "drop_in" });
      const theirs = await product({ type: "drop_in" }, other.admin.token);
      await api("PATCH", `/products/${pass.id}`, {
        token: tenant.admin.token,
        body: { prices: [{ id: pass.prices[0]!.id, amount: 120000, currency: "DKK" }] }, // the youth price retires
      });
      const person = await personBorn("2012-06-15");
      for (const priceId of [otherProduct.prices[0]!.id, theirs.prices[0]!.id, pass.prices[1]!.id, "unknown"]) {
        expect(await grantAt(person.userId, { productId: pass.id, priceId }), priceId).toMatchObject({
          status: 404,
          body: { error: "Resource not found" },
        });
      }
      expect(await db.order.count({ where: { userId: person.userId } })).toBe(0);
      expect(await grantAt(person.userId, { productId: pass.id, priceId: 5 })).toMatchObject({ status: 400 });
    });
  });
});
