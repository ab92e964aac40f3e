import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Provider `demo` (the default): a checkout is paid at once. Stripe: promo-codes-stripe.test.ts.

let tenant: TestTenant;
let other: TestTenant;

type Product = { id: string; prices: { id: string }[] };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

let serial = 0;
const uniqueCode = (prefix = "CODE") => `${prefix}${++serial}-${Math.random().toString(36).slice(2, 8)}`;

async function product(body: Record<string, unknown> = {}, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

async function promoCode(body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", "/promo-codes", {
    token,
    body: { code: uniqueCode(), status: "active", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const checkout = (member: TestMember, p: Product, code?: string, priceIndex = 0) =>
  api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[priceIndex]!.id, ...(code === undefined ? {} : { promoCode: code }) },
  });

const redemptionsOf = async (id: string) => (await db.promoCode.findUniqueOrThrow({ where: { id } })).redemptions;

const INVALID = { status: 409, body: { error: "Promo code is not valid" } };

describe("POST /promo-codes", () => {
  it("creates a code and answers it with every field", async () => {
    const yoga = await product();
    const response = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: {
        code: "Spring-25",
        percentOff: 25,
        productIds: [yoga.id],
        maxRedemptions: 10,
        validUntil: "2030-01-01T00:00:00+01:00",
        firstPurchaseOnly: true,
        status: "active",
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      code: "Spring-25",
      percentOff: 25,
      amountOff: null,
      currency: null,
      productIds: [yoga.id],
      maxRedemptions: 10,
      redemptions: 0,
      validUntil: "2029-12-31T23:00:00.000Z",
      firstPurchaseOnly: true,
      status: "active",
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it("takes an amount off in the account's currency, with defaults for the optional fields", async () => {
    const body = await promoCode({ code: "FIFTY", amountOff: 5000, currency: "DKK", status: "inactive" });
    expect(body).toMatchObject({
      code: "FIFTY",
      percentOff: null,
      amountOff: 5000,
      currency: "DKK",
      productIds: [],
      maxRedemptions: null,
      validUntil: null,
      firstPurchaseOnly: false,
      status: "inactive",
    });
  });

  it("answers 409 for a code the account has in any case; another account may have it", async () => {
    await promoCode({ code: "Welcome", percentOff: 10 });
    for (const code of ["Welcome", "WELCOME", "welcome", " wElCoMe "]) {
      expect(
        await api("POST", "/promo-codes", {
          token: tenant.admin.token,
          body: { code, percentOff: 5, status: "active" },
        }),
        code,
      ).toMatchObject({ status: 409, body: { error: "Promo code already exists" } });
    }
    expect((await promoCode({ code: "WELCOME", percentOff: 10 }, other.admin.token)).code).toBe("WELCOME");
  });

  it("answers 400 for bad input", async () => {
    const foreign = await product({}, other.admin.token);
    const bad: Record<string, unknown>[] = [
      { percentOff: 10, amountOff: 100, currency: "DKK" },
      {},
      { percentOff: 0 },
      { percentOff: 101 },
      { percentOff: 12.5 },
      { amountOff: 100 },
      { amountOff: 0, currency: "DKK" },
      { amountOff: 100, currency: "EUR" },
      { amountOff: 100, currency: "dkk" },
      { percentOff: 10, currency: "DKK" },
      { percentOff: 10, productIds: [foreign.id] },
      { percentOff: 10, productIds: ["unknown"] },
      { percentOff: 10, maxRedemptions: 0 },
      { percentOff: 10, validUntil: "tomorrow" },
      { percentOff: 10, status: "paused" },
      { percentOff: 10, code: "" },
      { percentOff: 10, code: "two words" },
      { percentOff: 10, code: "x".repeat(41) },
      { percentOff: 10, extra: true },
    ];
    for (const body of bad) {
      const response = await api("POST", "/promo-codes", {
        token: tenant.admin.token,
        body: { code: uniqueCode(), status: "active", ...body },
      });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    const missingStatus = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: { code: uniqueCode(), percentOff: 10 },
    });
    expect(missingStatus.status).toBe(400);
  });

  it("answers 403 to members who are not administrators and 401 without a session", async () => {
    for (const persona of ["attendee", "teacher"] as const) {
      const member = await createMember(tenant.accountId, persona);
      for (const [method, path, body] of [
        ["GET", "/promo-codes", undefined],
        ["POST", "/promo-codes", { code: uniqueCode(), percentOff: 10, status: "active" }],
        ["PATCH", "/promo-codes/any", { status: "inactive" }],
      ] as const) {
        expect(await api(method, path, { token: member.token, body }), `${persona} ${method}`).toMatchObject({
          status: 403,
          body: { error: "Insufficient permission" },
        });
      }
    }
    expect((await api("GET", "/promo-codes")).status).toBe(401);
  });
});

describe("GET /promo-codes", () => {
  it("lists the account's codes only, newest first", async () => {
    const own = await createTenant();
    const first = await promoCode({ percentOff: 10 }, own.admin.token);
    const second = await promoCode({ amountOff: 100, currency: "DKK" }, own.admin.token);
    await promoCode({ percentOff: 10 }, other.admin.token);
    const response = await api("GET", "/promo-codes", { token: own.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((code: { id: string }) => code.id)).toEqual([second.id, first.id]);
  });
});

describe("PATCH /promo-codes/{id}", () => {
  it("edits fields, replaces the discount whole and clears limits with null", async () => {
    const created = await promoCode({ percentOff: 10, maxRedemptions: 5, validUntil: "2030-01-01T00:00:00Z" });
    const patch = (body: Record<string, unknown>) =>
      api("PATCH", `/promo-codes/${created.id}`, { token: tenant.admin.token, body });

    const amount = await patch({ amountOff: 2500, currency: "DKK", status: "inactive", code: "Renamed-" + serial });
    expect(amount.status, JSON.stringify(amount.body)).toBe(200);
    expect(amount.body).toMatchObject({ percentOff: null, amountOff: 2500, currency: "DKK", status: "inactive" });

    const cleared = await patch({ percentOff: 50, maxRedemptions: null, validUntil: null, firstPurchaseOnly: true });
    expect(cleared.body).toMatchObject({
      percentOff: 50,
      amountOff: null,
      currency: null,
      maxRedemptions: null,
      validUntil: null,
      firstPurchaseOnly: true,
      redemptions: 0,
    });
    expect(await patch({})).toMatchObject({ status: 200, body: { id: created.id, percentOff: 50 } });
  });

  it("answers 400 for bad input, 409 for another code's name in any case, 404 for another account's code", async () => {
    const taken = await promoCode({ code: uniqueCode("TAKEN"), percentOff: 10 });
    const created = await promoCode({ percentOff: 10 });
    const patch = (id: string, body: Record<string, unknown>, token = tenant.admin.token) =>
      api("PATCH", `/promo-codes/${id}`, { token, body });

    for (const body of [
      { percentOff: 10, amountOff: 5, currency: "DKK" },
      { currency: "DKK" },
      { amountOff: 5 },
      { amountOff: 5, currency: "SEK" },
      { percentOff: 0 },
      { redemptions: 0 },
      { status: null },
    ]) {
      expect(await patch(created.id, body), JSON.stringify(body)).toMatchObject({ status: 400 });
    }
    expect(await patch(created.id, { code: taken.code.toLowerCase() })).toMatchObject({
      status: 409,
      body: { error: "Promo code already exists" },
    });
    expect(await patch(created.id, { code: created.code.toLowerCase() })).toMatchObject({ status: 200 });

    const foreign = await promoCode({ percentOff: 10 }, other.admin.token);
    expect(await patch(foreign.id, { status: "inactive" })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await patch("unknown", { status: "inactive" })).toMatchObject({ status: 404 });
    expect((await db.promoCode.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("active");
  });
});

describe("POST /checkout with a promo code", () => {
  it("records the discount and charges the price less it; the code counts a redemption", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product();
    const code = await promoCode({ code: uniqueCode("Quarter"), percentOff: 25 });
    const response = await checkout(buyer, dropIn, code.code.toLowerCase());
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({
      amount: 11250,
      discountAmount: 3750,
      promoCodeId: code.id,
      status: "paid",
    });
    expect(response.body.entitlement).toMatchObject({ remainingClasses: 1 });
    expect(await redemptionsOf(code.id)).toBe(1);

    const plain = await checkout(buyer, dropIn);
    expect(plain.body.order).toMatchObject({ amount: 15000, discountAmount: 0, promoCodeId: null });
  });

  it("rounds a percentage down, takes an amount off at most down to 0, and makes a 100% code a paid order", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const odd = await product({ prices: [{ amount: 999, currency: "DKK" }] });
    const third = await promoCode({ percentOff: 33 });
    expect((await checkout(buyer, odd, third.code)).body.order).toMatchObject({ amount: 670, discountAmount: 329 });

    const big = await promoCode({ amountOff: 5000, currency: "DKK" });
    expect((await checkout(buyer, odd, big.code)).body.order).toMatchObject({ amount: 0, discountAmount: 999 });

    const free = await promoCode({ percentOff: 100 });
    const response = await checkout(buyer, odd, free.code);
    expect(response.body).toMatchObject({
      order: { amount: 0, discountAmount: 999, status: "paid", paidAt: expect.any(String) },
      checkoutUrl: null,
      entitlement: { remainingClasses: 1 },
    });
  });

  it("discounts a subscription's first payment only (the demo renewal charges the full price)", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 40000, currency: "DKK", interval: "month" }],
    });
    const half = await promoCode({ percentOff: 50, productIds: [monthly.id] });
    const response = await checkout(buyer, monthly, half.code);
    expect(response.body.order).toMatchObject({ amount: 20000, discountAmount: 20000, promoCodeId: half.id });

    await db.entitlement.update({
      where: { id: response.body.entitlement.id },
      data: { validUntil: new Date(Date.now() - 60_000) },
    });
    const renewal = await api("POST", "/admin/jobs/renew-subscriptions", { token: tenant.admin.token });
    expect(renewal.body).toMatchObject({ renewed: 1 });
    const orders = await db.order.findMany({ where: { userId: buyer.userId }, orderBy: { createdAt: "asc" } });
    expect(orders.map((order) => [order.amount, order.discountAmount, order.promoCodeId])).toEqual([
      [20000, 20000, half.id],
      [40000, 0, null],
    ]);
    expect(await redemptionsOf(half.id)).toBe(1);
  });

  it("answers 409 `Promo code is not valid` for unknown, inactive, expired, exhausted and inapplicable codes", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product();
    const elsewhere = await product();
    const cases = {
      unknown: "NO-SUCH-CODE",
      malformed: "two words ✓",
      inactive: (await promoCode({ percentOff: 10, status: "inactive" })).code,
      expired: (await promoCode({ percentOff: 10, validUntil: new Date(Date.now() - 1000).toISOString() })).code,
      otherProduct: (await promoCode({ percentOff: 10, productIds: [elsewhere.id] })).code,
      otherAccount: (await promoCode({ percentOff: 10 }, other.admin.token)).code,
    };
    for (const [reason, code] of Object.entries(cases)) {
      expect(await checkout(buyer, dropIn, code), reason).toMatchObject(INVALID);
    }

    const once = await promoCode({ percentOff: 10, maxRedemptions: 1 });
    expect((await checkout(buyer, dropIn, once.code)).status).toBe(201);
    expect(await checkout(buyer, dropIn, once.code)).toMatchObject(INVALID);
    expect(await redemptionsOf(once.id)).toBe(1);

    // An administrator's change takes effect at once.
    const paused = await promoCode({ percentOff: 10 });
    await api("PATCH", `/promo-codes/${paused.id}`, { token: tenant.admin.token, body: { status: "inactive" } });
    expect(await checkout(buyer, dropIn, paused.code)).toMatchObject(INVALID);
    await api("PATCH", `/promo-codes/${paused.id}`, { token: tenant.admin.token, body: { status: "active" } });
    expect((await checkout(buyer, dropIn, paused.code)).status).toBe(201);

    expect(await db.order.count({ where: { userId: buyer.userId, promoCodeId: { not: null } } })).toBe(2);
  });

  it("answers 409 for an amount off in another currency than the price", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const euro = await product({ prices: [{ amount: 2000, currency: "EUR" }] });
    const code = await promoCode({ amountOff: 500, currency: "DKK" });
    expect(await checkout(buyer, euro, code.code)).toMatchObject(INVALID);
    const percent = await promoCode({ percentOff: 10 });
    expect((await checkout(buyer, euro, percent.code)).body.order).toMatchObject({ amount: 1800, currency: "EUR" });
  });

  it("takes no redemption when the checkout is refused for another reason", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const limited = await product({ purchaseLimitPerUser: 1 });
    const code = await promoCode({ percentOff: 10 });
    expect((await checkout(buyer, limited)).status).toBe(201);
    expect(await checkout(buyer, limited, code.code)).toMatchObject({
      status: 409,
      body: { error: "Purchase limit reached" },
    });
    expect(await redemptionsOf(code.id)).toBe(0);
  });

  it("accepts a firstPurchaseOnly code only from a buyer without an earlier paid order in this account", async () => {
    const [newcomer, regular] = await Promise.all([
      createMember(tenant.accountId, "attendee"),
      createMember(tenant.accountId, "attendee"),
    ]);
    const dropIn = await product();
    const intro = await promoCode({ percentOff: 50, firstPurchaseOnly: true });
    expect((await checkout(regular, dropIn)).status).toBe(201);
    expect(await checkout(regular, dropIn, intro.code)).toMatchObject(INVALID);

    // A failed order is no purchase.
    await db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: newcomer.userId,
        productId: dropIn.id,
        priceId: dropIn.prices[0]!.id,
        amount: 15000,
        currency: "DKK",
        provider: "stripe",
        status: "failed",
      },
    });
    expect((await checkout(newcomer, dropIn, intro.code)).body.order).toMatchObject({ amount: 7500 });
    expect(await checkout(newcomer, dropIn, intro.code)).toMatchObject(INVALID);
  });

  it("answers 400 for a promo code that is not a string", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product();
    for (const promo of ["", 5, null]) {
      const response = await api("POST", "/checkout", {
        token: buyer.token,
        body: { productId: dropIn.id, priceId: dropIn.prices[0]!.id, promoCode: promo },
      });
      expect(response.status, String(promo)).toBe(400);
    }
  });
});
