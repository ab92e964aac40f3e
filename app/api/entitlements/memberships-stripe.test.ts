import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { useStripeHttpClient } from "@/lib/payments/stripe-client";
import { FakeStripeHttpClient } from "@/lib/payments/testing/fake-stripe-http-client";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Cancelling a Stripe subscription: Stripe is told `cancel_at_period_end` through the library's HTTP
// client replaced by a fake (no network), and a later invoice does not extend the entitlement.

const WEBHOOK_SECRET = "whsec_test_memberships_secret";
const STRIPE_ENV = {
  PAYMENTS_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

let fake: FakeStripeHttpClient;
let tenant: TestTenant;

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

function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return api("POST", "/payments/stripe/webhook", { rawBody: payload, headers: { "stripe-signature": signature } });
}

/** A paid Stripe subscription: checkout, then checkout.session.completed (naming `subscription` when given). */
async function stripeSubscription(member: TestMember, subscription?: string) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "Monthly",
      status: "active",
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    },
  });
  const checkout = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const order = await db.order.findUniqueOrThrow({ where: { id: checkout.body.order.id } });
  const metadata = { orderId: order.id, accountId: tenant.accountId };
  const completed = await deliver("checkout.session.completed", {
    id: order.providerRef,
    object: "checkout.session",
    mode: "subscription",
    payment_status: "paid",
    status: "complete",
    metadata,
    ...(subscription ? { subscription } : {}),
  });
  expect(completed.status).toBe(200);
  const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId: order.id } });
  return { entitlement, sessionId: order.providerRef!, metadata };
}

const subscriptionUpdates = () => fake.requests.filter((r) => r.path.startsWith("/v1/subscriptions/"));

describe("cancelling a Stripe subscription", () => {
  it("sets cancel_at_period_end on the stored subscription; a later invoice does not extend it", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement, metadata } = await stripeSubscription(member, "sub_kept_1");
    expect(entitlement.providerSubscriptionId).toBe("sub_kept_1");

    const cancelled = await api("POST", `/me/entitlements/${entitlement.id}/cancel`, { token: member.token });
    expect(cancelled).toMatchObject({ status: 200, body: { cancelAt: entitlement.validUntil!.toISOString() } });
    expect(subscriptionUpdates()).toHaveLength(1);
    expect(subscriptionUpdates()[0]).toMatchObject({ method: "POST", path: "/v1/subscriptions/sub_kept_1" });
    expect(subscriptionUpdates()[0]!.form.get("cancel_at_period_end")).toBe("true");

    await deliver("invoice.paid", {
      id: "in_after_cancel",
      object: "invoice",
      billing_reason: "subscription_cycle",
      amount_paid: 59900,
      currency: "dkk",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_kept_1", metadata } },
    });
    const after = await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } });
    expect(after.validUntil).toEqual(entitlement.validUntil);
  });

  it("finds the subscription through the Checkout Session when its id was not stored", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement, sessionId } = await stripeSubscription(member);
    expect(entitlement.providerSubscriptionId).toBeNull();
    fake.requests.length = 0;
    const cancelled = await api("POST", `/entitlements/${entitlement.id}/cancel`, { token: tenant.admin.token });
    expect(cancelled.status).toBe(200);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      `POST /v1/subscriptions/sub_for_${sessionId}`,
    ]);
  });

  it("answers 503 and changes nothing when Stripe refuses", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement } = await stripeSubscription(member, "sub_refused");
    fake.failWith = "Something went wrong";
    const refused = await api("POST", `/me/entitlements/${entitlement.id}/cancel`, { token: member.token });
    expect(refused).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).cancelAt).toBeNull();
  });
});
