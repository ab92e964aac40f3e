import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Provider `demo` (the default): a checkout is paid at once and its entitlement comes back with it.

let tenant: TestTenant;
let other: TestTenant;

type Product = { id: string; prices: { id: string }[] };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: { name: "Product", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const checkout = (member: TestMember, p: Product, priceIndex = 0, headers?: Record<string, string>) =>
  api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[priceIndex]!.id },
    headers,
  });

const DAY_MS = 86_400_000;

describe("POST /checkout with the demo provider", () => {
  it("pays a class pass at once and returns its entitlement", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const pass = await product({
      type: "class_pass",
      classAllowance: 10,
      validityDays: 90,
      prices: [{ amount: 120000, currency: "DKK" }],
    });
    const response = await checkout(buyer, pass);
    expect(response.status).toBe(201);
    const { order, checkoutUrl, entitlement } = response.body;
    expect(checkoutUrl).toBeNull();
    expect(order).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      userId: buyer.userId,
      productId: pass.id,
      priceId: pass.prices[0]!.id,
      amount: 120000,
      discountAmount: 0,
      promoCodeId: null,
      giftCardId: null,
      giftCardAmount: 0,
      currency: "DKK",
      status: "paid",
      provider: "demo",
      createdAt: expect.stringMatching(/Z$/),
      paidAt: expect.stringMatching(/Z$/),
      refundedAt: null,
      refundedAmount: 0,
      receiptNumber: 1,
      vatAmount: null,
      vatRate: null,
      instalmentOf: null,
      instalment: null,
      instalments: null,
      startNowRequestedAt: null,
      termsVersion: null,
      withdrawal: { until: expect.stringMatching(/Z$/), status: "open" },
    });
    expect(entitlement).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      userId: buyer.userId,
      productId: pass.id,
      remainingClasses: 10,
      validFrom: expect.stringMatching(/Z$/),
      validUntil: expect.stringMatching(/Z$/),
      status: "active",
      createdAt: expect.stringMatching(/Z$/),
      cancelAt: null,
      pausedFrom: null,
      pausedUntil: null,
    });
    expect(Date.parse(entitlement.validUntil) - Date.parse(entitlement.validFrom)).toBe(90 * DAY_MS);
    expect(await db.entitlement.findUnique({ where: { id: entitlement.id } })).toMatchObject({
      orderId: order.id,
      priceId: pass.prices[0]!.id,
    });
  });

  it("gives a drop-in one class, a subscription one billing period, a workshop without allowance unlimited", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({ type: "drop_in" });
    const subscription = await product({
      type: "subscription",
      validityDays: 5,
      prices: [
        { amount: 59900, currency: "DKK", interval: "month" },
        { amount: 19900, currency: "DKK", interval: "week", intervalCount: 2 },
      ],
    });
    const workshop = await product({ type: "workshop" });

    const drop = (await checkout(buyer, dropIn)).body.entitlement;
    expect(drop).toMatchObject({ remainingClasses: 1, validUntil: null });

    const monthly = (await checkout(buyer, subscription, 0)).body.entitlement;
    expect(monthly.remainingClasses).toBeNull();
    const from = new Date(monthly.validFrom);
    const expected = new Date(from);
    expected.setUTCMonth(
      from.getUTCMonth() + 1,
      Math.min(from.getUTCDate(), new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 2, 0)).getUTCDate()),
    );
    expect(monthly.validUntil).toBe(expected.toISOString());

    const fortnightly = (await checkout(buyer, subscription, 1)).body.entitlement;
    expect(Date.parse(fortnightly.validUntil) - Date.parse(fortnightly.validFrom)).toBe(14 * DAY_MS);

    expect((await checkout(buyer, workshop)).body.entitlement).toMatchObject({
      remainingClasses: null,
      validUntil: null,
    });
  });

  it("lets an administrator buy for themself too", async () => {
    const dropIn = await product({ type: "drop_in" });
    const response = await checkout(tenant.admin, dropIn);
    expect(response).toMatchObject({ status: 201, body: { order: { userId: tenant.admin.userId, status: "paid" } } });
  });

  describe("404", () => {
    it("answers 404 for unknown, draft, archived and foreign products and for unknown, foreign and retired prices", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const active = await product({
        type: "drop_in",
        prices: [
          { amount: 100, currency: "DKK" },
          { amount: 200, currency: "DKK" },
        ],
      });
      const draft = await product({ type: "drop_in", status: "draft" });
      const archived = await product({ type: "drop_in", status: "archived" });
      const foreign = await product({ type: "drop_in" }, other.admin.token);
      const second = await product({ type: "drop_in" });
      const retiredId = active.prices[1]!.id;
      await api("PATCH", `/products/${active.id}`, {
        token: tenant.admin.token,
        body: { prices: [{ id: active.prices[0]!.id, amount: 100, currency: "DKK" }] },
      });

      const cases: [string, string][] = [
        ["unknown", active.prices[0]!.id],
        [draft.id, draft.prices[0]!.id],
        [archived.id, archived.prices[0]!.id],
        [foreign.id, foreign.prices[0]!.id],
        [active.id, "unknown"],
        [active.id, second.prices[0]!.id],
        [active.id, foreign.prices[0]!.id],
        [active.id, retiredId],
      ];
      for (const [productId, priceId] of cases) {
        const response = await api("POST", "/checkout", { token: buyer.token, body: { productId, priceId } });
        expect(response, `${productId} ${priceId}`).toMatchObject({
          status: 404,
          body: { error: "Resource not found" },
        });
      }
      expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
    });
  });

  describe("purchase limit", () => {
    it("answers 409 once paid orders of the person reach the limit; others may still buy", async () => {
      const [buyer, someoneElse] = await Promise.all([
        createMember(tenant.accountId, "attendee"),
        createMember(tenant.accountId, "attendee"),
      ]);
      const intro = await product({ type: "class_pass", classAllowance: 3, purchaseLimitPerUser: 2 });
      expect((await checkout(buyer, intro)).status).toBe(201);
      expect((await checkout(buyer, intro)).status).toBe(201);
      expect(await checkout(buyer, intro)).toMatchObject({ status: 409, body: { error: "Purchase limit reached" } });
      expect((await checkout(someoneElse, intro)).status).toBe(201);
      expect(await db.order.count({ where: { userId: buyer.userId, productId: intro.id } })).toBe(2);
    });

    it("counts desk grants and ignores failed orders", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const intro = await product({ type: "drop_in", purchaseLimitPerUser: 1 });
      await db.order.create({
        data: {
          accountId: tenant.accountId,
          userId: buyer.userId,
          productId: intro.id,
          priceId: intro.prices[0]!.id,
          amount: 1,
          currency: "DKK",
          provider: "stripe",
          status: "failed",
        },
      });
      const grant = await api("POST", `/users/${buyer.userId}/entitlements`, {
        token: tenant.admin.token,
        body: { productId: intro.id },
      });
      expect(grant.status).toBe(201);
      expect(await checkout(buyer, intro)).toMatchObject({ status: 409, body: { error: "Purchase limit reached" } });
    });

    it("checks 404 before the limit and the limit before age eligibility", async () => {
      const buyer = await createMember(tenant.accountId, "attendee"); // no date of birth: never age-eligible
      const senior = await product({
        type: "drop_in",
        purchaseLimitPerUser: 1,
        prices: [
          { amount: 100, currency: "DKK" },
          { amount: 50, currency: "DKK", minAge: 65 },
        ],
      });
      expect((await checkout(buyer, senior, 0)).status).toBe(201);
      expect(await checkout(buyer, senior, 1)).toMatchObject({
        status: 409,
        body: { error: "Purchase limit reached" },
      });
      await api("PATCH", `/products/${senior.id}`, { token: tenant.admin.token, body: { status: "archived" } });
      expect(await checkout(buyer, senior, 1)).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    });

    it("is never exceeded by concurrent checkouts", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const intro = await product({ type: "drop_in", purchaseLimitPerUser: 2 });
      const responses = await Promise.all(Array.from({ length: 8 }, () => checkout(buyer, intro)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
      expect(responses.filter((r) => r.status === 409).every((r) => r.body.error === "Purchase limit reached")).toBe(
        true,
      );
      expect(await db.order.count({ where: { userId: buyer.userId, productId: intro.id, status: "paid" } })).toBe(2);
      expect(await db.entitlement.count({ where: { userId: buyer.userId, productId: intro.id } })).toBe(2);
    });
  });

  describe("age eligibility", () => {
    // The purchase day in the studio's timezone (Europe/Copenhagen for test tenants).
    const today = () => DateTime.now().setZone("Europe/Copenhagen").startOf("day");

    it("answers 409 for a buyer without a date of birth, outside the bounds; 201 within (bounds inclusive)", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const ticket = await product({
        type: "drop_in",
        prices: [
          { amount: 10000, currency: "DKK" },
          { amount: 5000, currency: "DKK", minAge: 65 },
          { amount: 7000, currency: "DKK", maxAge: 25 },
          { amount: 6000, currency: "DKK", minAge: 18, maxAge: 18 },
        ],
      });
      expect((await checkout(buyer, ticket, 0)).status).toBe(201); // no bounds: anyone
      expect(await checkout(buyer, ticket, 1)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });
      expect(await checkout(buyer, ticket, 2)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });

      const setBirth = async (date: string) =>
        expect((await api("PATCH", "/me", { token: buyer.token, body: { dateOfBirth: date } })).status).toBe(200);

      await setBirth(today().minus({ years: 30 }).toISODate()!);
      expect(await checkout(buyer, ticket, 1)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });
      expect(await checkout(buyer, ticket, 2)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });

      await setBirth(today().minus({ years: 65 }).toISODate()!); // 65th birthday today
      expect(await checkout(buyer, ticket, 1)).toMatchObject({ status: 201, body: { order: { amount: 5000 } } });

      await setBirth(today().minus({ years: 25 }).toISODate()!); // 25 today
      expect((await checkout(buyer, ticket, 2)).status).toBe(201);
      await setBirth(today().minus({ years: 26 }).plus({ days: 1 }).toISODate()!); // 26 tomorrow: still 25
      expect((await checkout(buyer, ticket, 2)).status).toBe(201);
      await setBirth(today().minus({ years: 26 }).toISODate()!); // 26 today
      expect(await checkout(buyer, ticket, 2)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });

      await setBirth(today().minus({ years: 18 }).plus({ days: 1 }).toISODate()!); // 18 tomorrow: 17 today
      expect(await checkout(buyer, ticket, 3)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });
      await setBirth(today().minus({ years: 18 }).toISODate()!);
      expect((await checkout(buyer, ticket, 3)).status).toBe(201);
    });
  });

  describe("Idempotency-Key", () => {
    it("replays the first response for the same key and body, creating one order", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const dropIn = await product({ type: "drop_in" });
      const headers = { "Idempotency-Key": "buy-1" };
      const first = await checkout(buyer, dropIn, 0, headers);
      const second = await checkout(buyer, dropIn, 0, headers);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(1);
      expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(1);
    });

    it("answers 422 for the same key with another body; another key or no key buys again", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const a = await product({ type: "drop_in" });
      const b = await product({ type: "drop_in" });
      expect((await checkout(buyer, a, 0, { "Idempotency-Key": "k" })).status).toBe(201);
      expect(await checkout(buyer, b, 0, { "Idempotency-Key": "k" })).toMatchObject({
        status: 422,
        body: { error: "Idempotency key reused with a different request" },
      });
      expect((await checkout(buyer, a, 0, { "Idempotency-Key": "k2" })).status).toBe(201);
      expect((await checkout(buyer, a)).status).toBe(201);
      expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(3);
    });

    it("replays a 409 too", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      const senior = await product({ type: "drop_in", prices: [{ amount: 1, currency: "DKK", minAge: 65 }] });
      const headers = { "Idempotency-Key": "senior" };
      expect(await checkout(buyer, senior, 0, headers)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });
      expect(await checkout(buyer, senior, 0, headers)).toMatchObject({
        status: 409,
        body: { error: "Not eligible for this price" },
      });
    });
  });

  describe("bad input and authentication", () => {
    it.each([
      ["no productId", { priceId: "p" }],
      ["no priceId", { productId: "p" }],
      ["an empty productId", { productId: "", priceId: "p" }],
      ["a number as priceId", { productId: "p", priceId: 1 }],
      ["an unknown field", { productId: "p", priceId: "p", userId: "someone" }],
      ["an amount", { productId: "p", priceId: "p", amount: 0 }],
    ])("answers 400 for %s", async (_case, body) => {
      const buyer = await createMember(tenant.accountId, "attendee");
      expect(await api("POST", "/checkout", { token: buyer.token, body })).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    });

    it("answers 400 for malformed JSON, 413 for an oversize body and 401 without a valid session", async () => {
      const buyer = await createMember(tenant.accountId, "attendee");
      expect(await api("POST", "/checkout", { token: buyer.token, rawBody: '{"productId":' })).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
      expect(
        await api("POST", "/checkout", {
          token: buyer.token,
          rawBody: JSON.stringify({ productId: "x".repeat(110 * 1024), priceId: "p" }),
        }),
      ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
      expect(await api("POST", "/checkout", { body: { productId: "p", priceId: "p" } })).toMatchObject({
        status: 401,
        body: { error: "Authentication required" },
      });
      expect(await api("POST", "/checkout", { token: "bad", body: { productId: "p", priceId: "p" } })).toMatchObject({
        status: 401,
      });
    });

    it("answers 405 for other methods", async () => {
      expect(await api("GET", "/checkout")).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
    });
  });
});
