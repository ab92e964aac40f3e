import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

// Promo codes with PAYMENTS_PROVIDER=stripe: the Stripe library's HTTP client is a fake (no
// network) and webhook deliveries are signed with the library's own test-header helper.

const stripe = useFakeStripe();
let tenant: TestTenant;
let connectedAccount: string;

type Product = { id: string; prices: { id: string }[] };

beforeAll(async () => {
  tenant = await createTenant();
  connectedAccount = await connectStudio(tenant);
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
const sessionRequests = () => stripe.fake.requests.filter((r) => r.path === "/v1/checkout/sessions");

const deliver = (type: string, sessionId: string, metadata: Record<string, string>) =>
  deliverStripeEvent(
    stripeEvent(
      type,
      { id: sessionId, object: "checkout.session", payment_status: "unpaid", status: "expired", metadata },
      { account: connectedAccount },
    ),
    { endpoint: "connect" },
  );

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
    expect(stripe.fake.requests.some((r) => r.path === "/v1/coupons")).toBe(false);
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
    const coupon = stripe.fake.requests.find((r) => r.path === "/v1/coupons")!;
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
    expect(coupon.headers["Stripe-Account"]).toBe(connectedAccount);
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
    expect(stripe.fake.requests).toEqual([]);
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
    stripe.fake.failWith = "Something went wrong";
    expectLogged("error", /^payment provider failed to open a checkout \{"provider":"stripe"/);
    expect(await checkout(buyer, dropIn, code.code)).toMatchObject({
      status: 503,
      body: { error: "Service unavailable" },
    });
    expect(await db.order.findMany({ where: { userId: buyer.userId } })).toEqual([
      expect.objectContaining({ status: "failed", promoCodeId: code.id }),
    ]);
    expect(await redemptionsOf(code.id)).toBe(0);
    stripe.fake.failWith = undefined;
    expect((await checkout(buyer, dropIn, code.code)).status).toBe(201);
  });
});
