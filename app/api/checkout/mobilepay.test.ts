// Memberships paid with MobilePay (issue 34 §1): POST /checkout draws up a Vipps MobilePay Recurring
// agreement on the studio's own sales unit (the fake API), and the agreement's outcome, from the
// signed webhook or the poll, changes the order exactly once.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { pollMobilepayAgreements } from "@/lib/payments/mobilepay/memberships";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import type { WebhookDelivery } from "@/tests/fakes/vipps-mobilepay";
import { expectLogged } from "@/tests/helpers/logs";
import { applyPaymentEvent } from "@/lib/orders/apply-payment-event";
import { applyMobilepayPaymentEvent } from "@/lib/payments/mobilepay/apply-events";
import { mobilepayProvider } from "@/lib/payments/mobilepay/provider";

const fake = useFakeMobilepay();

// The poll looks at every studio's pending orders, the earlier tests' too, whose agreements the fake,
// reset for each test, no longer knows (it answers 404): those orders fail at the first poll.
const NOW = new Date("2026-11-30T09:05:00Z");

type Product = { id: string; name: string; prices: { id: string }[] };

async function studio({ connected = true } = {}): Promise<TestTenant> {
  const tenant = await createTenant();
  if (connected) {
    const response = await api("PATCH", "/account/payments", {
      token: tenant.admin.token,
      body: { mobilepay: { ...SALES_UNIT, testMode: true } },
    });
    expect(response.body.mobilepay.status).toBe("connected");
  }
  return tenant;
}

async function product(tenant: TestTenant, body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Yoga Unlimited", status: "active", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const membership = (tenant: TestTenant) =>
  product(tenant, { type: "subscription", prices: [{ amount: 49900, currency: "DKK", interval: "month" }] });

const checkout = (member: TestMember, p: Product, body: Record<string, unknown> = { paymentMethod: "mobilepay" }) =>
  api("POST", "/checkout", { token: member.token, body: { productId: p.id, priceId: p.prices[0]!.id, ...body } });

const deliver = (delivery: WebhookDelivery) =>
  api("POST", new URL(delivery.url).pathname.replace(/^\/api/, ""), {
    rawBody: delivery.body,
    headers: { ...delivery.headers },
  });

const deliveriesAbout = (agreementId: string) =>
  fake.deliveries.filter((delivery) => delivery.event.agreementId === agreementId);

async function pendingMembership() {
  const tenant = await studio();
  const member = await createMember(tenant.accountId, "attendee");
  const p = await membership(tenant);
  const response = await checkout(member, p);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const agreementId = [...fake.agreements.keys()].at(-1)!;
  return { tenant, member, product: p, order: response.body.order, agreementId };
}

const entitlementsOf = (member: TestMember) => db.entitlement.findMany({ where: { userId: member.userId } });
const orderRow = (orderId: string) => db.order.findUniqueOrThrow({ where: { id: orderId } });

describe("POST /checkout with paymentMethod mobilepay", () => {
  it("draws up an agreement with an initial charge and answers the order pending with its confirmation page", async () => {
    const tenant = await studio();
    const member = await createMember(tenant.accountId, "attendee");
    const p = await membership(tenant);

    const response = await checkout(member, p);

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { order, checkoutUrl, entitlement } = response.body;
    expect(entitlement).toBeNull();
    expect(order).toMatchObject({
      status: "pending",
      provider: "mobilepay",
      amount: 49900,
      currency: "DKK",
      paidAt: null,
    });
    const [agreement] = [...fake.agreements.values()];
    expect(checkoutUrl).toBe(`${fake.baseUrl}/fake/confirm/${agreement!.id}`);
    const account = await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
    expect(agreement).toMatchObject({
      status: "PENDING",
      productName: "Yoga Unlimited",
      productDescription: account.name,
      pricing: { amount: 49900, currency: "DKK" },
      interval: { unit: "MONTH", count: 1 },
      externalId: order.id,
    });
    expect(agreement!.merchantRedirectUrl).toMatch(
      new RegExp(`/${account.slug}/me\\?checkout=mobilepay&order=${order.id}$`),
    );
    const [initial] = fake.chargesOf(agreement!.id);
    expect(initial).toMatchObject({ type: "INITIAL", amount: 49900, orderId: order.id });
    expect(await orderRow(order.id)).toMatchObject({ providerRef: agreement!.id, mobilepayChargeId: initial!.id });
  });

  it("answers 409 when the studio has no MobilePay sales unit, and 400 for a one-off price", async () => {
    const unconnected = await studio({ connected: false });
    const someone = await createMember(unconnected.accountId, "attendee");
    expect(await checkout(someone, await membership(unconnected))).toMatchObject({
      status: 409,
      body: { error: "MobilePay is not set up for this studio" },
    });

    const tenant = await studio();
    const member = await createMember(tenant.accountId, "attendee");
    const pass = await product(tenant, {
      type: "class_pass",
      classAllowance: 10,
      prices: [{ amount: 120000, currency: "DKK" }],
    });
    const oneOff = await checkout(member, pass);
    expect(oneOff.status).toBe(400);
    expect(oneOff.body.details).toEqual([
      expect.objectContaining({ path: "paymentMethod", code: "mobilepay_memberships_only" }),
    ]);
    expect(fake.agreements.size).toBe(0);
    expect(await db.order.count({ where: { accountId: { in: [tenant.accountId, unconnected.accountId] } } })).toBe(0);
  });

  it("answers 503 and fails the order when Vipps MobilePay cannot draw up the agreement", async () => {
    const tenant = await studio();
    const member = await createMember(tenant.accountId, "attendee");
    const p = await membership(tenant);
    fake.failWith = 503;
    expectLogged("error", /^payment provider failed to open a checkout .*"errorName":"MobilepayUnavailable"/);
    expect((await checkout(member, p)).status).toBe(503);
    const [order] = await db.order.findMany({ where: { userId: member.userId } });
    expect(order).toMatchObject({ status: "failed", provider: "mobilepay" });
  });
  it("keys Vipps MobilePay no longer accepts: 503, the studio's MobilePay reads failing, and checkout then answers 409", async () => {
    const tenant = await studio();
    const member = await createMember(tenant.accountId, "attendee");
    const p = await membership(tenant);
    fake.salesUnits.length = 0; // revoked in their portal
    expectLogged("error", /^payment provider failed to open a checkout .*"errorName":"MobilepayKeysRefused"/);
    expect((await checkout(member, p)).status).toBe(503);
    const payments = await api("GET", "/account/payments", { token: tenant.admin.token });
    expect(payments.body.mobilepay.status).toBe("failing");
    expect(await checkout(member, p)).toMatchObject({
      status: 409,
      body: { error: "MobilePay is not set up for this studio" },
    });
  });
});

describe("the agreement's outcome", () => {
  it("approved: the order is paid once with its membership and receipt, however often the events arrive", async () => {
    const { member, order, agreementId } = await pendingMembership();
    fake.approve(agreementId);
    const deliveries = deliveriesAbout(agreementId);
    expect(deliveries.map((d) => d.event.eventType)).toEqual([
      "recurring.agreement-activated.v1",
      "recurring.charge-captured.v1",
    ]);

    for (const delivery of [...deliveries, ...deliveries, fake.redeliver(deliveries[1]!)])
      expect(await deliver(delivery)).toMatchObject({ status: 200, body: { received: true } });

    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "paid", receiptNumber: 1 });
    const entitlements = await entitlementsOf(member);
    expect(entitlements).toHaveLength(1);
    expect(entitlements[0]).toMatchObject({ orderId: order.id, status: "active", providerSubscriptionId: agreementId });
    const mine = await api("GET", "/me/orders", { token: member.token });
    expect(mine.body).toEqual([expect.objectContaining({ id: order.id, status: "paid", provider: "mobilepay" })]);
    const emails = await waitForEmails(member.email, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readOutbox().filter((email) => email.to === member.email)).toHaveLength(1);
    expect(emails[0]!.attachments?.[0]?.filename).toBe("receipt-1.pdf");
  });

  it("declined or expired: the order fails and gives no membership", async () => {
    for (const outcome of ["decline", "expire"] as const) {
      const { member, order, agreementId } = await pendingMembership();
      fake[outcome](agreementId);
      for (const delivery of deliveriesAbout(agreementId)) expect((await deliver(delivery)).status).toBe(200);
      expect((await orderRow(order.id)).status).toBe("failed");
      expect(await entitlementsOf(member)).toHaveLength(0);
    }
  });

  it("stays pending while the member has not answered, and an unsigned delivery is 400 and changes nothing", async () => {
    const { order, agreementId } = await pendingMembership();
    await pollMobilepayAgreements(NOW);
    expect((await orderRow(order.id)).status).toBe("pending");
    fake.approve(agreementId);
    const [activated] = deliveriesAbout(agreementId);
    const { authorization: _signature, ...unsigned } = activated!.headers;
    expect(
      await api("POST", new URL(activated!.url).pathname.replace(/^\/api/, ""), {
        rawBody: activated!.body,
        headers: unsigned,
      }),
    ).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    expect((await orderRow(order.id)).status).toBe("pending");
  });

  it("the poll finds what a lost webhook would have said, and racing the webhook changes the order once", async () => {
    const lost = await pendingMembership();
    fake.approve(lost.agreementId);
    expect(await pollMobilepayAgreements(NOW)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(lost.order.id)).status).toBe("paid");

    const raced = await pendingMembership();
    fake.approve(raced.agreementId);
    const deliveries = deliveriesAbout(raced.agreementId);
    await Promise.all([
      pollMobilepayAgreements(NOW),
      ...deliveries.map(deliver),
      pollMobilepayAgreements(NOW),
      ...deliveries.map(deliver),
    ]);
    expect((await orderRow(raced.order.id)).status).toBe("paid");
    expect(await entitlementsOf(raced.member)).toHaveLength(1);
    expect(await db.order.count({ where: { userId: raced.member.userId } })).toBe(1);
  });

  it("a poll's outcome told twice is one payment event: the order is paid once, the second changes nothing", async () => {
    const { tenant, member, order, agreementId } = await pendingMembership();
    fake.approve(agreementId);
    const report = { source: "poll", accountId: tenant.accountId, orderId: order.id } as const;

    const [event] = await mobilepayProvider.paymentEvents(report, NOW);
    expect(event).toMatchObject({
      provider: "mobilepay",
      eventId: `agreement:${agreementId}:paid`,
      kind: "paid",
      orderRef: { accountId: tenant.accountId, orderId: order.id },
      payment: { for: "purchase", providerSubscriptionId: agreementId },
    });
    expect(await applyMobilepayPaymentEvent(event!)).toBe("fulfilled");
    expect(await applyMobilepayPaymentEvent(event!)).toBe("unchanged");
    expect(await applyPaymentEvent(event!)).toEqual({ outcome: "duplicate" });
    // The order paid, the poll and the webhook find nothing more to tell.
    expect(await mobilepayProvider.paymentEvents(report, NOW)).toEqual([]);
    for (const delivery of deliveriesAbout(agreementId)) expect((await deliver(delivery)).status).toBe(200);

    expect(await orderRow(order.id)).toMatchObject({ status: "paid", receiptNumber: 1 });
    expect(await entitlementsOf(member)).toHaveLength(1);
    expect(await db.processedPaymentEvent.count({ where: { id: `mobilepay:agreement:${agreementId}:paid` } })).toBe(1);
    await waitForEmails(member.email, 1);
  });

  it("an agreement Vipps MobilePay no longer knows (404) fails its order once, and the poll stops asking", async () => {
    const { member, order, agreementId } = await pendingMembership();
    fake.agreements.delete(agreementId);
    const asked = () =>
      fake.requests.filter((request) => request.method === "GET" && request.path.endsWith(`/agreements/${agreementId}`))
        .length;

    await pollMobilepayAgreements(NOW);
    expect(await orderRow(order.id)).toMatchObject({ status: "failed", paidAt: null });
    expect(asked()).toBe(1);
    expect(
      await db.processedPaymentEvent.count({ where: { id: `mobilepay:agreement:${agreementId}:not_found` } }),
    ).toBe(1);

    await pollMobilepayAgreements(NOW);
    await pollMobilepayAgreements(NOW);
    expect(asked()).toBe(1);
    expect((await orderRow(order.id)).status).toBe("failed");
    expect(await entitlementsOf(member)).toHaveLength(0);
  });
});
