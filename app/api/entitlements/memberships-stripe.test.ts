import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

// Cancelling a Stripe subscription: Stripe is told `cancel_at_period_end` (on the studio's connected
// account) through the library's HTTP client replaced by a fake (no network), and a later invoice
// does not extend the entitlement.

const stripe = useFakeStripe();
let tenant: TestTenant;
let connectedAccount: string;

beforeAll(async () => {
  tenant = await createTenant();
  connectedAccount = await connectStudio(tenant);
});

const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(stripeEvent(type, object, { account: connectedAccount }), { endpoint: "connect" });

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

const subscriptionUpdates = () => stripe.fake.requests.filter((r) => r.path.startsWith("/v1/subscriptions/"));

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
    expect(subscriptionUpdates()[0]!.headers["Stripe-Account"]).toBe(connectedAccount);

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
    stripe.fake.requests.length = 0;
    const cancelled = await api("POST", `/entitlements/${entitlement.id}/cancel`, { token: tenant.admin.token });
    expect(cancelled.status).toBe(200);
    expect(stripe.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      `POST /v1/subscriptions/sub_for_${sessionId}`,
    ]);
  });

  it("cancels the subscription at once when the studio refunds the membership: nothing more is billed", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement, metadata } = await stripeSubscription(member, "sub_refunded_membership");
    const firstInvoice = await deliver("invoice.paid", {
      id: "in_membership_first",
      object: "invoice",
      billing_reason: "subscription_create",
      amount_paid: 59900,
      currency: "dkk",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: "sub_refunded_membership", metadata },
      },
    });
    expect(firstInvoice.status).toBe(200); // the order learns its PaymentIntent: it can be refunded
    stripe.fake.requests.length = 0;
    const refund = await api("POST", `/orders/${entitlement.orderId}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refund).toMatchObject({ status: 200, body: { status: "refunded" } });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).status).toBe("revoked");
    const cancel = stripe.fake.requests.find((request) => request.method === "DELETE");
    expect(cancel).toMatchObject({ path: "/v1/subscriptions/sub_refunded_membership" });
    expect(cancel!.headers["Stripe-Account"]).toBe(connectedAccount);
  });

  it("finds a refunded membership's subscription through its Checkout Session when its id was not stored", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement, sessionId } = await stripeSubscription(member);
    // its first invoice's payment, as invoice.paid would have recorded it
    await db.order.update({ where: { id: entitlement.orderId! }, data: { paymentIntentId: "pi_membership_first" } });
    stripe.fake.requests.length = 0;
    const refund = await api("POST", `/orders/${entitlement.orderId}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refund.status).toBe(200);
    expect(stripe.fake.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `DELETE /v1/subscriptions/sub_for_${sessionId}`,
    );
  });

  it("answers 503 and changes nothing when Stripe refuses", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { entitlement } = await stripeSubscription(member, "sub_refused");
    stripe.fake.failWith = "Something went wrong";
    expectLogged("error", /^Stripe refused to cancel a subscription/);
    const refused = await api("POST", `/me/entitlements/${entitlement.id}/cancel`, { token: member.token });
    expect(refused).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).cancelAt).toBeNull();
  });
});
