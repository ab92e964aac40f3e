import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { useStripeHttpClient } from "@/lib/payments/stripe-client";
import { FakeStripeHttpClient } from "@/lib/payments/testing/fake-stripe-http-client";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Promo codes with PAYMENTS_PROVIDER=stripe: the Stripe library's HTTP client is a fake (no
// network) and webhook deliveries are signed with the library's own test-header helper.

const WEBHOOK_SECRET = "whsec_test_promo_secret";
const STRIPE_ENV = {
  PAYMENTS_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

let fake: FakeStripeHttpClient;
let tenant: TestTenant;

type Product = { id: string; prices: { id: string }[] };

beforeAll(async () => {
  Object.assign(process.env, STRIPE_ENV);
  resetEnvCache();
  tenant = await createTenant();
});

beforeEach(() => {
  fake = new FakeStripeHttpClient();
  useStripeHttpClient(fake);
});

afterAll(() => {
  for (const name of Object.keys(STRIPE_ENV)) delete process.env[name];
  resetEnvCache();
  useStripeHttpClient(undefined);
});

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

async function promoCode(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const response = await api("POST", "/promo-codes", {
    token: tenant.admin.token,
    body: { code: `STRIPE-${randomUUID().slice(0, 8)}`, status: "active", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const checkout = (member: TestMember, p: Product, code: string) =>
  api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id, promoCode: code },
  });

const redemptionsOf = async (id: string) => (await db.promoCode.findUniqueOrThrow({ where: { id } })).redemptions;
const sessionRequests = () => fake.requests.filter((r) => r.path === "/v1/checkout/sessions");

function deliver(type: string, sessionId: string, metadata: Record<string, string>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: { id: sessionId, object: "checkout.session", payment_status: "unpaid", status: "expired", metadata },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return api("POST", "/payments/stripe/webhook", { rawBody: payload, headers: { "stripe-signature": signature } });
}

describe("promo codes with the Stripe provider", () => {
  it("opens a one-off session for the discounted amount; the pending order holds the redemption", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({});
    const code = await promoCode({ amountOff: 5000, currency: "DKK" });
    const response = await checkout(buyer, dropIn, code.code);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({ status: "pending", amount: 10000, discountAmount: 5000 });
    const [session] = sessionRequests();
    expect(session!.form.get("line_items[0][price_data][unit_amount]")).toBe("10000");
    expect(session!.form.get("discounts[0][coupon]")).toBeNull();
    expect(fake.requests.some((r) => r.path === "/v1/coupons")).toBe(false);
    expect(await redemptionsOf(code.id)).toBe(1);
  });

  it("discounts only a subscription's first payment, with a once-coupon on the full recurring price", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 40000, currency: "DKK", interval: "month" }],
    });
    const code = await promoCode({ percentOff: 25 });
    const response = await checkout(buyer, monthly, code.code);
    expect(response.body.order).toMatchObject({ status: "pending", amount: 30000, discountAmount: 10000 });
    const coupon = fake.requests.find((r) => r.path === "/v1/coupons")!;
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      amount_off: "10000",
      currency: "dkk",
      duration: "once",
      max_redemptions: "1",
    });
    const [session] = sessionRequests();
    expect(session!.form.get("mode")).toBe("subscription");
    expect(session!.form.get("line_items[0][price_data][unit_amount]")).toBe("40000");
    expect(session!.form.get("discounts[0][coupon]")).toMatch(/^coupon_fake_/);
  });

  it("makes a one-off purchase with a 100% code a paid order without opening a payment page", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({});
    const code = await promoCode({ percentOff: 100 });
    const response = await checkout(buyer, dropIn, code.code);
    expect(response.body).toMatchObject({
      order: { status: "paid", amount: 0, discountAmount: 15000, provider: "stripe" },
      checkoutUrl: null,
      entitlement: { remainingClasses: 1 },
    });
    expect(fake.requests).toEqual([]);
  });

  it("gives the redemption back when the session expires or the payment fails, once per order", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({});
    const code = await promoCode({ percentOff: 10, maxRedemptions: 2 });
    const first = await checkout(buyer, dropIn, code.code);
    const second = await checkout(buyer, dropIn, code.code);
    expect(await checkout(buyer, dropIn, code.code)).toMatchObject({
      status: 409,
      body: { error: "Promo code is not valid" },
    });
    expect(await redemptionsOf(code.id)).toBe(2);

    const sessionOf = async (orderId: string) =>
      (await db.order.findUniqueOrThrow({ where: { id: orderId } })).providerRef!;
    const metadata = (orderId: string) => ({ orderId, accountId: tenant.accountId });
    const firstId = first.body.order.id;
    expect((await deliver("checkout.session.expired", await sessionOf(firstId), metadata(firstId))).status).toBe(200);
    expect(await redemptionsOf(code.id)).toBe(1);
    // Another event for the failed order changes nothing.
    await deliver("checkout.session.async_payment_failed", await sessionOf(firstId), metadata(firstId));
    expect(await redemptionsOf(code.id)).toBe(1);

    const secondId = second.body.order.id;
    await deliver("checkout.session.async_payment_failed", await sessionOf(secondId), metadata(secondId));
    expect(await redemptionsOf(code.id)).toBe(0);
    expect(await db.order.count({ where: { id: { in: [firstId, secondId] }, status: "failed" } })).toBe(2);
    expect((await checkout(buyer, dropIn, code.code)).status).toBe(201);
  });

  it("gives the redemption back when Stripe cannot open the payment page (503)", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product({});
    const code = await promoCode({ percentOff: 10, maxRedemptions: 1 });
    fake.failWith = "Something went wrong";
    expect(await checkout(buyer, dropIn, code.code)).toMatchObject({
      status: 503,
      body: { error: "Service unavailable" },
    });
    expect(await db.order.findMany({ where: { userId: buyer.userId } })).toEqual([
      expect.objectContaining({ status: "failed", promoCodeId: code.id }),
    ]);
    expect(await redemptionsOf(code.id)).toBe(0);
    fake.failWith = undefined;
    expect((await checkout(buyer, dropIn, code.code)).status).toBe(201);
  });
});
