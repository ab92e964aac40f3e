// A withdrawal of a Stripe membership (issue 46 §2, decision 0049), through the fake Stripe HTTP
// client: the refund through the Refunds API on the studio's connected account, and the
// subscription cancelled at once, so nothing more is billed.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";

const stripe = useFakeStripe();
let tenant: TestTenant;
let connectedAccount: string;

beforeAll(async () => {
  tenant = await createTenant();
  connectedAccount = await connectStudio(tenant);
});

const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(stripeEvent(type, object, { account: connectedAccount }), { endpoint: "connect" });

describe("withdrawing a Stripe membership", () => {
  it("refunds through the Refunds API and cancels the subscription at once", async () => {
    const member = await createMember(tenant.accountId, "attendee");
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
    const subscription = "sub_withdrawn_membership";
    const paid = [
      await deliver("checkout.session.completed", {
        id: order.providerRef,
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        status: "complete",
        metadata,
        subscription,
      }),
      await deliver("invoice.paid", {
        id: "in_withdrawn_first",
        object: "invoice",
        billing_reason: "subscription_create",
        amount_paid: 59900,
        currency: "dkk",
        payment_intent: "pi_withdrawn_membership",
        parent: { type: "subscription_details", subscription_details: { subscription, metadata } },
      }),
    ];
    expect(paid.map((response) => response.status)).toEqual([200, 200]);
    stripe.fake.requests.length = 0;

    const response = await api("POST", "/withdrawals", { token: member.token, body: { orderId: order.id } });

    // bought without asking to start at once: the whole price comes back
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ usedAmount: 0, refundAmount: 59900, status: "refunded" });
    const refunds = stripe.fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get("amount")).toBe("59900");
    expect(refunds[0]!.headers["Stripe-Account"]).toBe(connectedAccount);
    const cancel = stripe.fake.requests.find((request) => request.method === "DELETE");
    expect(cancel).toMatchObject({ path: `/v1/subscriptions/${subscription}` });
    expect(await db.entitlement.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "revoked",
    });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "refunded",
      refundReason: "withdrawal",
    });
  });
});
