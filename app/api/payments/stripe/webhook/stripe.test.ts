import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import {
  connectStudio,
  deliverStripeEvent as deliver,
  PLATFORM_FEE_PERCENT,
  stripeEvent,
  useFakeStripe,
  WEBHOOK_SECRET,
} from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

// PAYMENTS_PROVIDER=stripe with the Stripe library's HTTP client replaced by a fake (no network),
// and webhook deliveries signed with the library's own test-header helper (tests/helpers/stripe.ts).
// The studio takes payments on its own connected account.

const stripe = useFakeStripe();
let tenant: TestTenant;
let other: TestTenant;
let connectedAccount: string;

type Product = { id: string; prices: { id: string }[] };
type Order = { id: string; status: string; provider: string; amount: number };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  connectedAccount = await connectStudio(tenant);
});

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", { token, body: { name: "Ten classes", status: "active", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const passBody = { type: "class_pass", classAllowance: 10, prices: [{ amount: 120000, currency: "DKK" }] };

async function startCheckout(member: TestMember, p: Product, headers?: Record<string, string>) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
    headers,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const order = response.body.order as Order;
  const stored = await db.order.findUniqueOrThrow({ where: { id: order.id } });
  return { order, sessionId: stored.providerRef!, body: response.body };
}

const event = (type: string, object: Record<string, unknown>, id?: string) => stripeEvent(type, object, { id });

function sessionEvent(
  type: string,
  sessionId: string,
  metadata: Record<string, string>,
  extra: Record<string, unknown> = {},
  id?: string,
) {
  return event(
    type,
    { id: sessionId, object: "checkout.session", payment_status: "paid", status: "complete", metadata, ...extra },
    id,
  );
}

describe("POST /checkout with the Stripe provider", () => {
  it("opens a Checkout Session in payment mode for a one-off price and leaves the order pending", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const pass = await product(passBody);
    const { order, sessionId, body } = await startCheckout(buyer, pass);
    expect(body).toEqual({
      order: expect.objectContaining({
        status: "pending",
        provider: "stripe",
        amount: 120000,
        currency: "DKK",
        paidAt: null,
        userId: buyer.userId,
      }),
      checkoutUrl: `https://checkout.stripe.com/c/pay/${sessionId}`,
      entitlement: null,
      giftCard: null,
    });
    expect(sessionId).toMatch(/^cs_test_/);
    expect(stripe.fake.requests).toHaveLength(1);
    const request = stripe.fake.requests[0]!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(request.headers["Authorization"]).toBe("Bearer sk_test_fake_key");
    expect(request.headers["Stripe-Account"]).toBe(connectedAccount);
    expect(request.headers["Idempotency-Key"]).toBe(`checkout-${order.id}`);
    const form = Object.fromEntries(request.form);
    expect(form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "dkk",
      "line_items[0][price_data][unit_amount]": "120000",
      "line_items[0][price_data][product_data][name]": "Ten classes",
      "metadata[orderId]": order.id,
      "metadata[accountId]": tenant.accountId,
      "payment_intent_data[metadata][orderId]": order.id,
      "payment_intent_data[application_fee_amount]": String((120000 * PLATFORM_FEE_PERCENT) / 100),
      "allowed_payment_method_types[0]": "card",
      client_reference_id: order.id,
      customer_email: buyer.email,
    });
    expect(form["line_items[0][price_data][recurring][interval]"]).toBeUndefined();
    expect(form.success_url).toMatch(/^http:\/\/localhost:3000\/\?checkout=success&order=/);
    expect(form.cancel_url).toMatch(/^http:\/\/localhost:3000\/\?checkout=cancelled&order=/);
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("opens a subscription-mode session with the billing cadence inline", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const quarterly = await product({
      type: "subscription",
      prices: [{ amount: 149700, currency: "DKK", interval: "month", intervalCount: 3 }],
    });
    const { order } = await startCheckout(buyer, quarterly);
    const form = Object.fromEntries(stripe.fake.requests[0]!.form);
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "149700",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "3",
      "subscription_data[metadata][orderId]": order.id,
      "subscription_data[metadata][accountId]": tenant.accountId,
      "subscription_data[application_fee_percent]": String(PLATFORM_FEE_PERCENT),
      "allowed_payment_method_types[0]": "card",
    });
    expect(form["allowed_payment_method_types[1]"]).toBeUndefined();
    expect(form["payment_intent_data[application_fee_amount]"]).toBeUndefined();
    expect(stripe.fake.requests[0]!.headers["Stripe-Account"]).toBe(connectedAccount);
  });

  it("takes a free one-off price at once, without Stripe", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const trial = await product({ type: "drop_in", prices: [{ amount: 0, currency: "DKK" }] });
    const response = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: trial.id, priceId: trial.prices[0]!.id },
    });
    expect(response).toMatchObject({
      status: 201,
      body: {
        order: { status: "paid", provider: "stripe", amount: 0 },
        checkoutUrl: null,
        entitlement: { remainingClasses: 1 },
      },
    });
    expect(stripe.fake.requests).toHaveLength(0);
  });

  it("answers 503 when Stripe refuses, marks the order failed and frees the Idempotency-Key", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const pass = await product(passBody);
    stripe.fake.failWith = "Something went wrong";
    expectLogged("error", /^payment provider failed to open a checkout \{"provider":"stripe"/);
    const body = { productId: pass.id, priceId: pass.prices[0]!.id };
    const headers = { "Idempotency-Key": "stripe-down" };
    const failed = await api("POST", "/checkout", { token: buyer.token, body, headers });
    expect(failed).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect(await db.order.findMany({ where: { userId: buyer.userId } })).toEqual([
      expect.objectContaining({ status: "failed" }),
    ]);
    stripe.fake.failWith = undefined;
    const retried = await api("POST", "/checkout", { token: buyer.token, body, headers });
    expect(retried).toMatchObject({ status: 201, body: { order: { status: "pending" } } });
    const replayed = await api("POST", "/checkout", { token: buyer.token, body, headers });
    expect(replayed.body).toEqual(retried.body);
    expect(await db.order.count({ where: { userId: buyer.userId, status: "pending" } })).toBe(1);
  });
});

describe("POST /payments/stripe/webhook", () => {
  it("answers 400 for a missing, malformed or wrong signature and for a tampered body, changing nothing", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product(passBody));
    const completed = sessionEvent("checkout.session.completed", sessionId, {
      orderId: order.id,
      accountId: tenant.accountId,
    });
    const tampered = JSON.stringify({ ...completed, id: "evt_other" });
    const cases = [
      deliver(completed, { signature: null }),
      deliver(completed, { signature: "not-a-signature" }),
      deliver(completed, { secret: "whsec_someone_else" }),
      deliver(completed, { payload: tampered }),
      deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      deliver(completed, { timestamp: Math.floor(Date.now() / 1000) + 3600 }), // signed an hour ahead
    ];
    for (const response of await Promise.all(cases))
      expect(response).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "pending" });
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("answers 400 when no webhook secret is configured", async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetEnvCache();
    expectLogged(
      "error",
      /^Stripe webhook received but its signing secret is not set \{"setting":"STRIPE_WEBHOOK_SECRET"\}/,
    );
    try {
      expect(await deliver(event("checkout.session.completed", {}))).toMatchObject({
        status: 400,
        body: { error: "Invalid signature" },
      });
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
      resetEnvCache();
    }
  });

  it("marks the order paid and creates one entitlement however often the event is delivered", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product({ ...passBody, validityDays: 60 }));
    expect(order).toMatchObject({ status: "pending", receiptNumber: null, vatAmount: null });
    const lastReceipt = await db.order.aggregate({
      where: { accountId: tenant.accountId },
      _max: { receiptNumber: true },
    });
    const completed = sessionEvent("checkout.session.completed", sessionId, {
      orderId: order.id,
      accountId: tenant.accountId,
    });
    for (let i = 0; i < 3; i++)
      expect(await deliver(completed)).toMatchObject({ status: 200, body: { received: true } });

    const stored = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: "paid", providerRef: sessionId });
    // the next receipt number of the studio, taken once however often the event came
    expect(stored.receiptNumber).toBe((lastReceipt._max.receiptNumber ?? 0) + 1);
    expect(stored.paidAt).toBeInstanceOf(Date);
    const entitlements = await api("GET", "/me/entitlements", { token: buyer.token });
    expect(entitlements.body).toEqual([
      expect.objectContaining({ productId: stored.productId, remainingClasses: 10, status: "active" }),
    ]);
    expect(Date.parse(entitlements.body[0].validUntil) - Date.parse(entitlements.body[0].validFrom)).toBe(
      60 * 86_400_000,
    );
    expect(await db.processedPaymentEvent.findUnique({ where: { id: `stripe:${completed.id}` } })).not.toBeNull();
    const orders = await api("GET", "/me/orders", { token: buyer.token });
    expect(orders.body).toEqual([expect.objectContaining({ id: order.id, status: "paid", provider: "stripe" })]);
  });

  it("fulfils once when the same event arrives concurrently, and when a second event reports the same payment", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product(passBody));
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    const completed = sessionEvent("checkout.session.completed", sessionId, metadata);
    const responses = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", sessionId, metadata))).toMatchObject({
      status: 200,
    });
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(1);
    expect(await db.order.count({ where: { userId: buyer.userId, status: "paid" } })).toBe(1);
  });

  it("waits for async_payment_succeeded when the session completes unpaid", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product(passBody));
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    await deliver(sessionEvent("checkout.session.completed", sessionId, metadata, { payment_status: "unpaid" }));
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "pending" });
    await deliver(sessionEvent("checkout.session.async_payment_succeeded", sessionId, metadata));
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "paid" });
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(1);
  });

  it("fails a pending order when its session expires; a later completion does not revive it", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product(passBody));
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    expect(
      await deliver(
        sessionEvent("checkout.session.expired", sessionId, metadata, { payment_status: "unpaid", status: "expired" }),
      ),
    ).toMatchObject({
      status: 200,
    });
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "failed" });
    await deliver(sessionEvent("checkout.session.completed", sessionId, metadata));
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "failed" });
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("ignores unknown event types, events without our metadata and orders named under another tenant", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const { order, sessionId } = await startCheckout(buyer, await product(passBody));
    expectLogged("warn", /^Stripe event without order metadata ignored \{"eventType":"checkout.session.completed"\}/);
    const responses = [
      await deliver(event("customer.created", { id: "cus_1", object: "customer" })),
      await deliver(sessionEvent("checkout.session.completed", sessionId, {})),
      await deliver(
        sessionEvent("checkout.session.completed", sessionId, { orderId: order.id, accountId: other.accountId }),
      ),
    ];
    for (const response of responses) expect(response).toMatchObject({ status: 200, body: { received: true } });
    expect(await db.order.findUnique({ where: { id: order.id } })).toMatchObject({ status: "pending" });
    expect(await db.entitlement.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("renews a Stripe subscription on invoice.paid once per invoice; the first invoice is the checkout's", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    });
    const { order, sessionId } = await startCheckout(buyer, monthly);
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    await deliver(
      sessionEvent("checkout.session.completed", sessionId, metadata, { mode: "subscription", subscription: "sub_1" }),
    );
    const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId: order.id } });

    const invoice = (id: string, billingReason: string) =>
      event("invoice.paid", {
        id,
        object: "invoice",
        billing_reason: billingReason,
        amount_paid: 59900,
        currency: "dkk",
        parent: { type: "subscription_details", subscription_details: { subscription: "sub_1", metadata } },
      });
    await deliver(invoice("in_first", "subscription_create"));
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(1);

    const cycle = invoice("in_second", "subscription_cycle");
    await deliver(cycle);
    await deliver(cycle);
    await deliver(invoice("in_second", "subscription_cycle")); // another event id for the same invoice
    // Stripe is asked for an invoice's payment once per event, not again for a redelivery.
    expect(stripe.fake.requests.filter((r) => r.path.startsWith("/v1/invoice_payments"))).toHaveLength(3);
    const orders = await db.order.findMany({ where: { userId: buyer.userId }, orderBy: { createdAt: "asc" } });
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({
      provider: "stripe",
      status: "paid",
      providerRef: "in_second",
      amount: 59900,
      currency: "DKK",
      priceId: monthly.prices[0]!.id,
    });
    expect(orders[1]!.receiptNumber).toBe(orders[0]!.receiptNumber! + 1);
    // a payment email with its receipt for the first payment and for the renewal, once each
    const emails = await waitForEmails(buyer.email, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readOutbox().filter((email) => email.to === buyer.email)).toHaveLength(2);
    expect(emails.map((email) => email.attachments?.[0]?.filename).sort()).toEqual(
      orders.map((order) => `receipt-${order.receiptNumber}.pdf`).sort(),
    );
    const renewed = await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } });
    const expected = new Date(entitlement.validUntil!);
    expected.setUTCMonth(
      expected.getUTCMonth() + 1,
      Math.min(
        expected.getUTCDate(),
        new Date(Date.UTC(expected.getUTCFullYear(), expected.getUTCMonth() + 2, 0)).getUTCDate(),
      ),
    );
    expect(renewed.validUntil?.toISOString()).toBe(expected.toISOString());
  });

  it("answers 413 for an oversize body", async () => {
    const response = await api("POST", "/payments/stripe/webhook", {
      rawBody: "x".repeat(110 * 1024),
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    expect(response).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });
});

describe("POST /admin/jobs/renew-subscriptions with the Stripe provider", () => {
  it("renews nothing: Stripe bills its subscriptions and reports them by webhook", async () => {
    const buyer = await createMember(tenant.accountId, "attendee");
    const monthly = await product({
      type: "subscription",
      prices: [{ amount: 100, currency: "DKK", interval: "month" }],
    });
    const { order, sessionId } = await startCheckout(buyer, monthly);
    await deliver(
      sessionEvent("checkout.session.completed", sessionId, { orderId: order.id, accountId: tenant.accountId }),
    );
    await db.entitlement.updateMany({
      where: { orderId: order.id },
      data: { validUntil: new Date(Date.now() - 1000) },
    });
    expect(await api("POST", "/admin/jobs/renew-subscriptions", { token: tenant.admin.token })).toMatchObject({
      status: 200,
      body: { renewed: 0 },
    });
    expect(stripe.fake.requests).toHaveLength(1);
  });
});
