// A studio's own Stripe account (Stripe Connect) and its payment methods, through the routes, with
// the Stripe library's HTTP client replaced by a fake (no network; tests/helpers/stripe.ts).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnvCache } from "@/lib/env";
import { unsealMobilepayCredentials } from "@/lib/payments/mobilepay/credentials";
import { api } from "@/tests/helpers/api";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import {
  CONNECT_WEBHOOK_SECRET,
  connectStudio,
  deliverStripeEvent,
  eventId,
  PLATFORM_FEE_PERCENT,
  stripeAccount,
  stripeEvent,
  useFakeStripe,
  WEBHOOK_SECRET,
} from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

const stripe = useFakeStripe();

const payments = (tenant: TestTenant) => api("GET", "/account/payments", { token: tenant.admin.token });
const onboard = (tenant: TestTenant) =>
  api("POST", "/account/payments/stripe/onboarding", { token: tenant.admin.token });
const setMethods = (tenant: TestTenant, paymentMethods: string[]) =>
  api("PATCH", "/account/payments", { token: tenant.admin.token, body: { paymentMethods } });
const accountUpdated = (id: string, facts: Parameters<typeof stripeAccount>[1] = {}, event = eventId()) =>
  stripeEvent("account.updated", stripeAccount(id, facts), { id: event, account: id });

async function product(tenant: TestTenant, body: Record<string, unknown>) {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Drop-in", status: "active", type: "drop_in", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; prices: { id: string }[] };
}

const checkout = (member: TestMember, p: { id: string; prices: { id: string }[] }) =>
  api("POST", "/checkout", { token: member.token, body: { productId: p.id, priceId: p.prices[0]!.id } });

const sessionRequests = () => stripe.fake.requests.filter((r) => r.path === "/v1/checkout/sessions");

describe("GET and PATCH /account/payments", () => {
  it("answers the provider, the studio's Stripe account, its methods and the platform's fee", async () => {
    const tenant = await createTenant();
    expect(await payments(tenant)).toMatchObject({
      status: 200,
      body: {
        provider: "stripe",
        stripe: { accountId: null, status: "not_connected", chargesEnabled: false, payoutsEnabled: false },
        paymentMethods: ["card"],
        mobilepay: { status: "not_connected", testMode: true, graceDays: 7 },
        platformFeePercent: PLATFORM_FEE_PERCENT,
      },
    });
  });

  it("answers stripe null with the demo provider", async () => {
    const tenant = await createTenant();
    process.env.PAYMENTS_PROVIDER = "demo";
    resetEnvCache();
    try {
      expect((await payments(tenant)).body).toMatchObject({ provider: "demo", stripe: null, paymentMethods: ["card"] });
      expect(await onboard(tenant)).toMatchObject({ status: 409, body: { error: "Payments run in demo mode" } });
    } finally {
      process.env.PAYMENTS_PROVIDER = "stripe";
      resetEnvCache();
    }
  });

  it("is for administrators only", async () => {
    const tenant = await createTenant();
    for (const persona of ["attendee", "teacher"] as const) {
      const member = await createMember(tenant.accountId, persona);
      const requests = [
        api("GET", "/account/payments", { token: member.token }),
        api("PATCH", "/account/payments", { token: member.token, body: { paymentMethods: ["card", "mobilepay"] } }),
        api("POST", "/account/payments/stripe/onboarding", { token: member.token }),
      ];
      for (const response of await Promise.all(requests))
        expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    }
    expect((await api("GET", "/account/payments")).status).toBe(401);
    expect((await payments(tenant)).body.paymentMethods).toEqual(["card"]);
    expect(stripe.fake.requests).toEqual([]);
  });

  it("offers MobilePay in DKK, keeps card always, and answers 400 for MobilePay in USD or GBP", async () => {
    const tenant = await createTenant();
    expect(await setMethods(tenant, ["mobilepay", "card", "mobilepay"])).toMatchObject({
      status: 200,
      body: { paymentMethods: ["card", "mobilepay"] },
    });
    expect((await payments(tenant)).body.paymentMethods).toEqual(["card", "mobilepay"]);
    expect((await setMethods(tenant, ["mobilepay"])).status).toBe(400);
    expect((await setMethods(tenant, ["card", "swish"])).status).toBe(400);
    expect((await setMethods(tenant, ["card"])).body.paymentMethods).toEqual(["card"]);

    for (const currency of ["USD", "GBP"]) {
      const foreign = await createTenant();
      await db.account.update({ where: { id: foreign.accountId }, data: { currency } });
      expect(await setMethods(foreign, ["card", "mobilepay"])).toMatchObject({
        status: 400,
        body: {
          error: "Validation failed",
          details: [
            {
              path: "paymentMethods",
              message: `Stripe does not offer mobilepay for payments in ${currency}`,
              code: "payment_method_unavailable",
              params: { method: "mobilepay", currency },
            },
          ],
        },
      });
      expect((await payments(foreign)).body.paymentMethods).toEqual(["card"]);
    }
  });
});

describe("PATCH /account/payments: the studio's own Vipps MobilePay sales unit", () => {
  const mobilepay = useFakeMobilepay();
  const salesUnit = { ...SALES_UNIT, testMode: true };
  const setMobilepay = (tenant: TestTenant, mobilepay: unknown) =>
    api("PATCH", "/account/payments", { token: tenant.admin.token, body: { mobilepay } });

  it("connects it with its keys sealed, never answering them, keeps the methods, and disconnects with null", async () => {
    const tenant = await createTenant();
    await setMethods(tenant, ["card", "mobilepay"]);
    const connected = await setMobilepay(tenant, { ...salesUnit, testMode: false });
    expect(connected).toMatchObject({
      status: 200,
      body: {
        paymentMethods: ["card", "mobilepay"],
        mobilepay: { status: "connected", testMode: false, graceDays: 7 },
      },
    });
    expect(connected.body.mobilepay).toEqual({ status: "connected", testMode: false, graceDays: 7 });
    expect(JSON.stringify((await payments(tenant)).body)).not.toMatch(/client-|subscription-key|123456/);

    const row = await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
    expect(row.mobilepayMerchantSerialNumber).toBe("123456");
    expect(row.mobilepayCredentials).not.toMatch(/client-|subscription-key/);
    expect(unsealMobilepayCredentials(row.mobilepayCredentials!, env().WEBHOOK_SECRET_KEY)).toEqual({
      clientId: salesUnit.clientId,
      clientSecret: salesUnit.clientSecret,
      subscriptionKey: salesUnit.subscriptionKey,
    });

    expect(mobilepay.webhooks).toEqual([
      expect.objectContaining({
        msn: "123456",
        url: `http://localhost:3000/api/payments/mobilepay/webhook/${tenant.accountId}`,
        events: expect.arrayContaining(["recurring.agreement-activated.v1", "recurring.charge-failed.v1"]),
      }),
    ]);
    expect(row.mobilepayWebhookId).toBe(mobilepay.webhooks[0]!.id);
    expect(row.mobilepayWebhookSecret).not.toContain(mobilepay.webhooks[0]!.secret);

    expect((await setMobilepay(tenant, salesUnit)).status).toBe(200);
    expect(mobilepay.webhooks.map((w) => w.id)).toEqual([
      (await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } })).mobilepayWebhookId,
    ]);

    expect((await setMobilepay(tenant, null)).body).toMatchObject({
      paymentMethods: ["card", "mobilepay"],
      mobilepay: { status: "not_connected" },
    });
    const cleared = await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
    expect([cleared.mobilepayMerchantSerialNumber, cleared.mobilepayCredentials, cleared.mobilepayWebhookId]).toEqual([
      null,
      null,
      null,
    ]);
    expect(mobilepay.webhooks).toEqual([]);
  });

  it("saves keys Vipps MobilePay refuses as failing, and answers 503 when it cannot be reached, saving nothing", async () => {
    const tenant = await createTenant();
    expect((await setMobilepay(tenant, { ...salesUnit, clientSecret: "wrong" })).body.mobilepay).toEqual({
      status: "failing",
      testMode: true,
      graceDays: 7,
    });
    expect(mobilepay.webhooks).toEqual([]);
    const other = await createTenant();
    const url = process.env.MOBILEPAY_API_URL;
    process.env.MOBILEPAY_API_URL = "http://127.0.0.1:9";
    resetEnvCache();
    try {
      expect(await setMobilepay(other, salesUnit)).toMatchObject({ status: 503 });
    } finally {
      process.env.MOBILEPAY_API_URL = url;
      resetEnvCache();
    }
    expect((await payments(other)).body.mobilepay.status).toBe("not_connected");
  });

  it("sets the grace days of past-due MobilePay memberships, 0 to 60", async () => {
    const tenant = await createTenant();
    const set = (mobilepayGraceDays: unknown) =>
      api("PATCH", "/account/payments", { token: tenant.admin.token, body: { mobilepayGraceDays } });
    expect(await set(14)).toMatchObject({
      status: 200,
      body: { mobilepay: { status: "not_connected", graceDays: 14 } },
    });
    for (const bad of [-1, 61, 2.5, "7"]) expect((await set(bad)).status).toBe(400);
    expect((await payments(tenant)).body.mobilepay.graceDays).toBe(14);
  });

  it("answers 400 for a malformed sales unit, saving nothing", async () => {
    const tenant = await createTenant();
    expect(await setMobilepay(tenant, { ...salesUnit, merchantSerialNumber: "MSN-1" })).toMatchObject({
      status: 400,
      body: { details: [{ path: "mobilepay.merchantSerialNumber", code: "merchant_serial_number" }] },
    });
    const { clientSecret: _left, ...withoutSecret } = salesUnit;
    expect((await setMobilepay(tenant, withoutSecret)).status).toBe(400);
    expect((await setMobilepay(tenant, { ...salesUnit, extra: 1 })).status).toBe(400);
    expect((await payments(tenant)).body.mobilepay).toEqual({ status: "not_connected", testMode: true, graceDays: 7 });
  });

  it("is for administrators only", async () => {
    const tenant = await createTenant();
    const member = await createMember(tenant.accountId, "attendee");
    expect(
      (await api("PATCH", "/account/payments", { token: member.token, body: { mobilepay: salesUnit } })).status,
    ).toBe(403);
    expect((await payments(tenant)).body.mobilepay.status).toBe("not_connected");
  });
});

describe("POST /account/payments/stripe/onboarding", () => {
  it("makes the studio's connected account once and answers a fresh Account Link back to the settings page", async () => {
    const tenant = await createTenant();
    const first = await onboard(tenant);
    expect(first).toMatchObject({
      status: 201,
      body: { url: expect.stringMatching(/^https:\/\/connect\.stripe\.com\//) },
    });
    const [created, link] = stripe.fake.requests;
    expect(created).toMatchObject({ method: "POST", path: "/v1/accounts" });
    expect(created!.form.get("type")).toBe("standard");
    expect(created!.form.get("metadata[accountId]")).toBe(tenant.accountId);
    expect(created!.headers["Stripe-Account"]).toBeUndefined();
    const accountId = (await payments(tenant)).body.stripe.accountId as string;
    expect(accountId).toMatch(/^acct_fake/);
    expect(link).toMatchObject({ method: "POST", path: "/v1/account_links" });
    expect(Object.fromEntries(link!.form)).toMatchObject({
      account: accountId,
      type: "account_onboarding",
      return_url: "http://localhost:3000/dashboard/settings/payments?stripe=return",
      refresh_url: "http://localhost:3000/dashboard/settings/payments?stripe=refresh",
    });
    expect((await payments(tenant)).body.stripe).toEqual({
      accountId,
      status: "onboarding",
      chargesEnabled: false,
      payoutsEnabled: false,
    });

    const second = await onboard(tenant);
    expect(second.status).toBe(201);
    expect(second.body.url).not.toBe(first.body.url);
    expect(stripe.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/accounts",
      "POST /v1/account_links",
      "POST /v1/account_links",
    ]);
    expect(stripe.fake.requests[2]!.form.get("account")).toBe(accountId);
    expect(await db.accountPayments.count({ where: { accountId: tenant.accountId } })).toBe(1);
  });

  it("answers 503 when Stripe cannot be reached, connecting nothing", async () => {
    const tenant = await createTenant();
    stripe.fake.failWith = "Something went wrong";
    expectLogged("error", /^Stripe failed to start onboarding/);
    expect(await onboard(tenant)).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect((await payments(tenant)).body.stripe.status).toBe("not_connected");
  });
});

describe("POST /payments/stripe/connect-webhook", () => {
  it("refuses a missing or wrong signature, including the platform endpoint's secret", async () => {
    const tenant = await createTenant();
    await onboard(tenant);
    const accountId = (await payments(tenant)).body.stripe.accountId as string;
    const event = accountUpdated(accountId);
    for (const response of [
      await deliverStripeEvent(event, { endpoint: "connect", signature: null }),
      await deliverStripeEvent(event, { endpoint: "connect", signature: "t=1,v1=nope" }),
      await deliverStripeEvent(event, { endpoint: "connect", secret: WEBHOOK_SECRET }),
    ])
      expect(response).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    expect((await payments(tenant)).body.stripe.status).toBe("onboarding");
  });

  it("answers 400 when no Connect signing secret is configured", async () => {
    delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    resetEnvCache();
    expectLogged("error", /^Stripe webhook received but its signing secret is not set .*CONNECT_WEBHOOK/);
    try {
      expect(await deliverStripeEvent(accountUpdated("acct_any"), { endpoint: "connect" })).toMatchObject({
        status: 400,
        body: { error: "Invalid signature" },
      });
    } finally {
      process.env.STRIPE_CONNECT_WEBHOOK_SECRET = CONNECT_WEBHOOK_SECRET;
      resetEnvCache();
    }
  });

  it("keeps the status current from account.updated, each event applied once", async () => {
    const tenant = await createTenant();
    await onboard(tenant);
    const accountId = (await payments(tenant)).body.stripe.accountId as string;
    const activated = accountUpdated(accountId, { payouts_enabled: false });
    expect(await deliverStripeEvent(activated, { endpoint: "connect" })).toMatchObject({
      status: 200,
      body: { received: true },
    });
    expect((await payments(tenant)).body.stripe).toEqual({
      accountId,
      status: "active",
      chargesEnabled: true,
      payoutsEnabled: false,
    });
    const restricted = accountUpdated(accountId, { charges_enabled: false, disabled_reason: "requirements.past_due" });
    await deliverStripeEvent(restricted, { endpoint: "connect" });
    expect((await payments(tenant)).body.stripe).toMatchObject({ status: "restricted", chargesEnabled: false });
    // The first event delivered again changes nothing.
    expect((await deliverStripeEvent(activated, { endpoint: "connect" })).status).toBe(200);
    expect((await payments(tenant)).body.stripe.status).toBe("restricted");
    // An account no studio is connected to is ignored.
    expectLogged("warn", /^Stripe account.updated for an account no studio is connected to ignored/);
    expect((await deliverStripeEvent(accountUpdated("acct_nobody"), { endpoint: "connect" })).status).toBe(200);
  });
});

describe("POST /checkout on the studio's connected account", () => {
  it("answers 409 while the studio's Stripe account is not active, making no order", async () => {
    const tenant = await createTenant();
    const buyer = await createMember(tenant.accountId, "attendee");
    const dropIn = await product(tenant, {});
    expect(await checkout(buyer, dropIn)).toMatchObject({
      status: 409,
      body: { error: "Payments are not set up for this studio" },
    });
    await onboard(tenant);
    const accountId = (await payments(tenant)).body.stripe.accountId as string;
    expect((await checkout(buyer, dropIn)).status).toBe(409);
    await deliverStripeEvent(accountUpdated(accountId, { charges_enabled: false }), { endpoint: "connect" });
    expect((await checkout(buyer, dropIn)).status).toBe(409);
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
    expect(sessionRequests()).toEqual([]);
  });

  it("offers MobilePay for a one-off purchase and card only for a subscription, with the platform's fee", async () => {
    const tenant = await createTenant();
    const connected = await connectStudio(tenant);
    await setMethods(tenant, ["card", "mobilepay"]);
    const buyer = await createMember(tenant.accountId, "attendee");

    const oneOff = await checkout(buyer, await product(tenant, {}));
    expect(oneOff.status, JSON.stringify(oneOff.body)).toBe(201);
    const [session] = sessionRequests();
    expect(session!.headers["Stripe-Account"]).toBe(connected);
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: "payment",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "mobilepay",
      "payment_intent_data[application_fee_amount]": String(Math.round((15000 * PLATFORM_FEE_PERCENT) / 100)),
    });
    expect((await db.order.findUniqueOrThrow({ where: { id: oneOff.body.order.id } })).stripeAccountId).toBe(connected);

    const monthly = await product(tenant, {
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    });
    expect((await checkout(buyer, monthly)).status).toBe(201);
    const subscription = Object.fromEntries(sessionRequests()[1]!.form);
    expect(subscription).toMatchObject({
      mode: "subscription",
      "allowed_payment_method_types[0]": "card",
      "subscription_data[application_fee_percent]": String(PLATFORM_FEE_PERCENT),
    });
    expect(subscription["allowed_payment_method_types[1]"]).toBeUndefined();
  });

  it("ignores a connected account's event about another studio's order", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    await connectStudio(tenant);
    const otherAccount = await connectStudio(other);
    // Each administrator sees their own studio's account only.
    expect((await payments(tenant)).body.stripe.accountId).not.toBe(otherAccount);
    expect((await payments(other)).body.stripe.accountId).toBe(otherAccount);
    const buyer = await createMember(tenant.accountId, "attendee");
    const response = await checkout(buyer, await product(tenant, {}));
    const order = await db.order.findUniqueOrThrow({ where: { id: response.body.order.id } });
    const completed = stripeEvent(
      "checkout.session.completed",
      {
        id: order.providerRef,
        object: "checkout.session",
        payment_status: "paid",
        status: "complete",
        payment_intent: "pi_spoofed",
        metadata: { orderId: order.id, accountId: tenant.accountId },
      },
      { account: otherAccount },
    );
    expect((await deliverStripeEvent(completed, { endpoint: "connect" })).status).toBe(200);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
  });
});

describe("refunds of subscription payments on the connected account", () => {
  it("keeps each invoice's PaymentIntent, so the first payment and a renewal can be refunded", async () => {
    const tenant = await createTenant();
    const connected = await connectStudio(tenant);
    const buyer = await createMember(tenant.accountId, "attendee");
    const monthly = await product(tenant, {
      type: "subscription",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    });
    const bought = await checkout(buyer, monthly);
    const order = await db.order.findUniqueOrThrow({ where: { id: bought.body.order.id } });
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    const deliver = (type: string, object: Record<string, unknown>) =>
      deliverStripeEvent(stripeEvent(type, object, { account: connected }), { endpoint: "connect" });
    const invoice = (id: string, billingReason: string) => ({
      id,
      object: "invoice",
      billing_reason: billingReason,
      amount_paid: 59900,
      currency: "dkk",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_connected", metadata } },
    });
    // The first invoice may be reported before the Checkout Session completes.
    expect((await deliver("invoice.paid", invoice("in_first", "subscription_create"))).status).toBe(200);
    await deliver("checkout.session.completed", {
      id: order.providerRef,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      status: "complete",
      subscription: "sub_connected",
      metadata,
    });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "paid",
      paymentIntentId: "pi_for_in_first",
      stripeAccountId: connected,
    });
    const lookups = stripe.fake.requests.filter((r) => r.path.startsWith("/v1/invoice_payments"));
    expect(lookups[0]!.headers["Stripe-Account"]).toBe(connected);

    await deliver("invoice.paid", invoice("in_second", "subscription_cycle"));
    const renewal = await db.order.findFirstOrThrow({ where: { providerRef: "in_second" } });
    expect(renewal).toMatchObject({ status: "paid", paymentIntentId: "pi_for_in_second", stripeAccountId: connected });

    for (const [orderId, paymentIntent] of [
      [renewal.id, "pi_for_in_second"],
      [order.id, "pi_for_in_first"],
    ] as const) {
      const refunded = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token });
      expect(refunded, JSON.stringify(refunded.body)).toMatchObject({ status: 200, body: { status: "refunded" } });
      const request = stripe.fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
      expect(request.form.get("payment_intent")).toBe(paymentIntent);
      expect(request.headers["Stripe-Account"]).toBe(connected);
    }
  });
});
