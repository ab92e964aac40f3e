import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Provider `demo` (the default): a checkout is paid at once, so its order and entitlement can be held
// to the quote made just before it. The Stripe provider's 409: quote-stripe.test.ts.

let tenant: TestTenant;
let other: TestTenant;

type Product = { id: string; prices: { id: string; amount: number }[] };

let serial = 0;
const uniqueCode = (prefix = "QUOTE") => `${prefix}${++serial}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  // The studio has a VAT rate, so quotes and receipts carry VAT.
  const legal = await api("PATCH", "/account", {
    token: tenant.admin.token,
    body: { legal: { name: "Studio ApS", address: "Vej 1, 2100 København Ø", vatNumber: "DK12345678", vatRate: 25 } },
  });
  expect(legal.status, JSON.stringify(legal.body)).toBe(200);
});

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: { name: "Product", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
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
  return response.body as { id: string; code: string };
}

const body = (p: Product, priceIndex: number, code?: string) => ({
  productId: p.id,
  priceId: p.prices[priceIndex]!.id,
  ...(code === undefined ? {} : { promoCode: code }),
});
const quote = (member: TestMember, p: Product, priceIndex = 0, code?: string) =>
  api("POST", "/checkout/quote", { token: member.token, body: body(p, priceIndex, code) });
const checkout = (member: TestMember, p: Product, priceIndex = 0, code?: string) =>
  api("POST", "/checkout", { token: member.token, body: body(p, priceIndex, code) });

const redemptionsOf = async (id: string) => (await db.promoCode.findUniqueOrThrow({ where: { id } })).redemptions;

describe("POST /checkout/quote holds the figures POST /checkout charges", () => {
  it("for every product type, promo kind and price", async () => {
    const products = {
      dropIn: await product({
        type: "drop_in",
        prices: [
          { amount: 15000, currency: "DKK" },
          { amount: 9900, currency: "DKK" },
        ],
      }),
      classPass: await product({
        type: "class_pass",
        classAllowance: 10,
        validityDays: 90,
        prices: [
          { amount: 120000, currency: "DKK" },
          { amount: 99999, currency: "DKK", maxAge: 120 },
        ],
      }),
      subscription: await product({
        type: "subscription",
        prices: [
          { amount: 49900, currency: "DKK", interval: "month" },
          { amount: 129900, currency: "DKK", interval: "month", intervalCount: 3 },
          { amount: 450000, currency: "DKK", interval: "year" },
        ],
      }),
      workshop: await product({ type: "workshop", classAllowance: 3, prices: [{ amount: 75000, currency: "DKK" }] }),
      teacherTraining: await product({
        type: "teacher_training",
        validityDays: 365,
        prices: [{ amount: 2500000, currency: "DKK" }],
      }),
      custom: await product({ type: "custom", prices: [{ amount: 333, currency: "DKK" }] }),
      free: await product({ type: "drop_in", prices: [{ amount: 0, currency: "DKK" }] }),
    };
    const promos = {
      none: undefined,
      percent: (await promoCode({ percentOff: 15 })).code, // rounds down: 15 % of 99,999 is 14,999
      halfLowercase: (await promoCode({ percentOff: 50 })).code.toLowerCase(),
      whole: (await promoCode({ percentOff: 100 })).code,
      amount: (await promoCode({ amountOff: 2500, currency: "DKK" })).code,
      moreThanThePrice: (await promoCode({ amountOff: 1_000_000, currency: "DKK" })).code,
    };

    let compared = 0;
    for (const [type, p] of Object.entries(products)) {
      for (const [index, price] of p.prices.entries()) {
        for (const [kind, code] of Object.entries(promos)) {
          const label = `${type}, price ${index} (${price.amount}), promo ${kind}`;
          const buyer = await createMember(tenant.accountId, "attendee");
          await db.user.update({ where: { id: buyer.userId }, data: { dateOfBirth: new Date("1990-05-17") } });
          const before = Date.now();
          const quoted = await quote(buyer, p, index, code);
          expect(quoted.status, `${label}: ${JSON.stringify(quoted.body)}`).toBe(200);
          const bought = await checkout(buyer, p, index, code);
          const after = Date.now();
          expect(bought.status, `${label}: ${JSON.stringify(bought.body)}`).toBe(201);
          const { order, entitlement } = bought.body;

          expect(quoted.body, label).toEqual({
            productId: p.id,
            priceId: price.id,
            currency: order.currency,
            amount: price.amount,
            discountAmount: order.discountAmount,
            total: order.amount,
            vatAmount: order.vatAmount,
            promoCode: code === undefined ? null : { code: expect.any(String), applied: true, reason: null },
            grants: {
              remainingClasses: entitlement.remainingClasses,
              validUntil: expect.toBeOneOf([null, expect.any(String)]),
            },
            instalments: null,
            giftCard: null,
            dueNow: order.amount,
          });
          expect(order.vatAmount, label).toEqual(expect.any(Number));
          if (code !== undefined) expect(quoted.body.promoCode.code.toLowerCase(), label).toBe(code.toLowerCase());
          if (kind === "none") expect(quoted.body.discountAmount, label).toBe(0);
          if (kind !== "none" && price.amount > 0) expect(quoted.body.discountAmount, label).toBeGreaterThan(0);
          // The quote's entitlement counts from the quote, the bought one from its payment a moment later.
          if (entitlement.validUntil === null) expect(quoted.body.grants.validUntil, label).toBeNull();
          else {
            const gap = Date.parse(entitlement.validUntil) - Date.parse(quoted.body.grants.validUntil);
            expect(gap, label).toBeGreaterThanOrEqual(0);
            expect(gap, label).toBeLessThanOrEqual(after - before);
          }
          compared += 1;
        }
      }
    }
    expect(compared).toBe(11 * 6);
  });

  it("prices a subscription's first payment after the discount and says what a period gives", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const membership = await product({
      type: "subscription",
      prices: [{ amount: 50000, currency: "DKK", interval: "month" }],
    });
    const code = await promoCode({ percentOff: 20 });
    const quoted = await quote(buyer, membership, 0, code.code);
    expect(quoted.body).toMatchObject({
      amount: 50000,
      discountAmount: 10000,
      total: 40000,
      vatAmount: 8000,
      grants: { remainingClasses: null, validUntil: expect.stringMatching(/Z$/) },
    });
  });
});

describe("POST /checkout/quote's answers without a figure", () => {
  it("takes no redemption and buys nothing", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({ type: "drop_in" });
    const code = await promoCode({ percentOff: 10, maxRedemptions: 1 });
    for (let i = 0; i < 3; i++) expect((await quote(buyer, dropIn, 0, code.code)).body.promoCode.applied).toBe(true);
    expect(await redemptionsOf(code.id)).toBe(0);
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("says why a promo code does not apply, prices without it, and POST /checkout still answers 409", async () => {
    const [buyer, regular] = await Promise.all([
      createMember(tenant.accountId, "attendee"),
      createMember(tenant.accountId, "attendee"),
    ]);
    const dropIn = await product({ type: "drop_in" });
    const elsewhere = await product({ type: "drop_in" });
    const euro = await product({ type: "drop_in", prices: [{ amount: 2000, currency: "EUR" }] });
    const usedUp = await promoCode({ percentOff: 10, maxRedemptions: 1 });
    expect((await checkout(regular, dropIn, 0, usedUp.code)).status).toBe(201);
    const cases: [string, Product, TestMember, string][] = [
      ["NO-SUCH-CODE", dropIn, buyer, "Promo code not found"],
      [(await promoCode({ percentOff: 10 }, other.admin.token)).code, dropIn, buyer, "Promo code not found"],
      [(await promoCode({ percentOff: 10, status: "inactive" })).code, dropIn, buyer, "Promo code is not active"],
      [
        (await promoCode({ percentOff: 10, validUntil: new Date(Date.now() - 1000).toISOString() })).code,
        dropIn,
        buyer,
        "Promo code has expired",
      ],
      [
        (await promoCode({ percentOff: 10, productIds: [elsewhere.id] })).code,
        dropIn,
        buyer,
        "Promo code does not apply to this product",
      ],
      [
        (await promoCode({ amountOff: 500, currency: "DKK" })).code,
        euro,
        buyer,
        "Promo code is in another currency than the price",
      ],
      [
        (await promoCode({ percentOff: 50, firstPurchaseOnly: true })).code,
        dropIn,
        regular,
        "Promo code is for a first purchase only",
      ],
      [usedUp.code, dropIn, buyer, "Promo code has been used up"],
    ];
    for (const [code, p, member, reason] of cases) {
      const quoted = await quote(member, p, 0, code);
      expect(quoted, reason).toMatchObject({
        status: 200,
        body: {
          amount: p.prices[0]!.amount,
          discountAmount: 0,
          total: p.prices[0]!.amount,
          promoCode: { code, applied: false, reason },
        },
      });
      expect(await checkout(member, p, 0, code), reason).toMatchObject({
        status: 409,
        body: { error: "Promo code is not valid" },
      });
    }
  });

  it("answers 404 for an unknown, non-active, retired or another studio's product or price", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const draft = await product({ type: "drop_in", status: "draft" });
    const two = await product({
      type: "drop_in",
      prices: [
        { amount: 100, currency: "DKK" },
        { amount: 200, currency: "DKK" },
      ],
    });
    const retire = await api("PATCH", `/products/${two.id}`, {
      token: tenant.admin.token,
      body: { prices: [{ id: two.prices[0]!.id, amount: 100, currency: "DKK" }] },
    });
    expect(retire.status, JSON.stringify(retire.body)).toBe(200);
    const foreign = await product({ type: "drop_in" }, other.admin.token);
    const bodies = [
      { productId: "no-such-product", priceId: two.prices[0]!.id },
      { productId: two.id, priceId: "no-such-price" },
      { productId: draft.id, priceId: draft.prices[0]!.id },
      { productId: two.id, priceId: two.prices[1]!.id },
      { productId: foreign.id, priceId: foreign.prices[0]!.id },
      { productId: two.id, priceId: foreign.prices[0]!.id },
    ];
    for (const request of bodies) {
      expect(
        await api("POST", "/checkout/quote", { token: buyer.token, body: request }),
        JSON.stringify(request),
      ).toMatchObject({
        status: 404,
        body: { error: "Resource not found" },
      });
      expect((await api("POST", "/checkout", { token: buyer.token, body: request })).status).toBe(404);
    }
  });

  it("answers 409 as POST /checkout does for the purchase limit and the price's ages", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const once = await product({ type: "drop_in", purchaseLimitPerUser: 1 });
    expect((await quote(buyer, once)).status).toBe(200);
    expect((await checkout(buyer, once)).status).toBe(201);
    const limit = { status: 409, body: { error: "Purchase limit reached" } };
    expect(await quote(buyer, once)).toMatchObject(limit);
    expect(await checkout(buyer, once)).toMatchObject(limit);

    const youth = await product({ type: "drop_in", prices: [{ amount: 5000, currency: "DKK", maxAge: 25 }] });
    const notEligible = { status: 409, body: { error: "Not eligible for this price" } };
    expect(await quote(buyer, youth)).toMatchObject(notEligible); // no date of birth
    expect(await checkout(buyer, youth)).toMatchObject(notEligible);
  });

  it("answers 400 for a bad body, 401 without a session and 403 to an API key", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({ type: "drop_in" });
    for (const bad of [
      {},
      { productId: dropIn.id },
      { ...body(dropIn, 0), promoCode: "" },
      { ...body(dropIn, 0), extra: 1 },
    ]) {
      expect(
        (await api("POST", "/checkout/quote", { token: buyer.token, body: bad })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await api("POST", "/checkout/quote", { body: body(dropIn, 0) })).status).toBe(401);
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Widget" } });
    expect(key.status).toBe(201);
    expect(await api("POST", "/checkout/quote", { token: key.body.secret, body: body(dropIn, 0) })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});
