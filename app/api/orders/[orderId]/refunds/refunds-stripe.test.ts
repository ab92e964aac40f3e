// Refunds of Stripe orders: the Refunds API through the fake Stripe HTTP client (no network), and
// `charge.refunded` webhook deliveries signed with the library's test-header helper.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createClass } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

const stripe = useFakeStripe();
let tenant: TestTenant;
let connectedAccount: string;
let pass: { id: string; prices: { id: string }[] };

beforeAll(async () => {
  tenant = await createTenant();
  connectedAccount = await connectStudio(tenant);
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "Ten classes",
      status: "active",
      type: "class_pass",
      classAllowance: 10,
      prices: [{ amount: 120000, currency: "DKK" }],
    },
  });
  expect(response.status).toBe(201);
  pass = response.body;
});

/** A connected account's event (Connect webhook), as Stripe sends a direct charge's. */
const deliver = (type: string, object: Record<string, unknown>, id?: string) =>
  deliverStripeEvent(stripeEvent(type, object, { id, account: connectedAccount }), { endpoint: "connect" });

/** A Stripe checkout paid by a PaymentIntent: the order and its entitlement. */
async function paidOrder(member: TestMember) {
  const checkout = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: pass.id, priceId: pass.prices[0]!.id },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const orderId = checkout.body.order.id as string;
  const { providerRef } = await db.order.findUniqueOrThrow({ where: { id: orderId } });
  const paymentIntent = `pi_${randomUUID().replaceAll("-", "")}`;
  const completed = await deliver("checkout.session.completed", {
    id: providerRef,
    object: "checkout.session",
    payment_status: "paid",
    status: "complete",
    payment_intent: paymentIntent,
    metadata: { orderId, accountId: tenant.accountId },
  });
  expect(completed.status).toBe(200);
  const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId } });
  return { orderId, paymentIntent, entitlementId: entitlement.id };
}

const chargeRefunded = (paymentIntent: string, refunded = true) => ({
  id: `ch_${randomUUID().replaceAll("-", "")}`,
  object: "charge",
  payment_intent: paymentIntent,
  refunded,
  amount: 120000,
  amount_refunded: refunded ? 120000 : 1000,
});

const refundRequests = () => stripe.fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
const orderOf = (id: string) => db.order.findUniqueOrThrow({ where: { id } });

describe("refunds of Stripe orders", () => {
  it("refunds through the Refunds API once, with the payment intent and the order's idempotency key", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, paymentIntent, entitlementId } = await paidOrder(member);
    expect((await orderOf(orderId)).paymentIntentId).toBe(paymentIntent);
    const headers = { "Idempotency-Key": "admin-refund-1" };

    const first = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, headers });
    const second = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, headers });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: "refunded", provider: "stripe", refundedAt: expect.any(String) });
    expect(second.body).toEqual(first.body);
    expect(refundRequests()).toHaveLength(1);
    expect(refundRequests()[0]!.form.get("payment_intent")).toBe(paymentIntent);
    expect(refundRequests()[0]!.headers["Idempotency-Key"]).toBe(`refund-${orderId}`);
    expect(refundRequests()[0]!.headers["Stripe-Account"]).toBe(connectedAccount);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } })).status).toBe("revoked");
  });

  it("our own refund arriving as charge.refunded changes nothing", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, paymentIntent } = await paidOrder(member);
    expect(
      (await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body: { reason: "Asked" } }))
        .status,
    ).toBe(200);
    const before = await orderOf(orderId);

    expect((await deliver("charge.refunded", chargeRefunded(paymentIntent))).status).toBe(200);

    expect(await orderOf(orderId)).toEqual(before);
  });

  it("reconciles a refund made in Stripe's dashboard exactly once", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, paymentIntent, entitlementId } = await paidOrder(member);
    const lesson = await createClass(tenant.accountId, { title: "Vinyasa" });
    const booked = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
    expect(booked.status).toBe(201);
    await waitForEmails(member.email, 2); // the receipt and the confirmation
    const charge = chargeRefunded(paymentIntent);
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;

    expect((await deliver("charge.refunded", charge, eventId)).status).toBe(200);
    const refunded = await orderOf(orderId);
    expect((await deliver("charge.refunded", charge, eventId)).status).toBe(200); // redelivered
    expect((await deliver("charge.refunded", charge)).status).toBe(200); // another event, same refund

    expect(refunded).toMatchObject({ status: "refunded", refundedAt: expect.any(Date), refundReason: null });
    expect(await orderOf(orderId)).toEqual(refunded);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } })).status).toBe("revoked");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booked.body.id } })).status).toBe("cancelled_by_studio");
    await waitForEmails(member.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      readOutbox().filter((email) => email.to === member.email && email.subject.startsWith("Booking afmeldt")),
    ).toHaveLength(1);
    expect(refundRequests()).toEqual([]);
  });

  it("adds a partial refund made in Stripe's dashboard to the order, which stays paid; ignores a payment not ours", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, paymentIntent, entitlementId } = await paidOrder(member);
    const partial = chargeRefunded(paymentIntent, false); // 10 kr. of 1.200 kr.
    expect((await deliver("charge.refunded", partial)).status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: "paid", refundedAmount: 1000, refundedAt: null });
    expect((await deliver("charge.refunded", partial)).status).toBe(200); // another event, the same total
    expect((await orderOf(orderId)).refundedAmount).toBe(1000);
    expect((await db.refund.findMany({ where: { orderId } })).map((r) => r.amount)).toEqual([1000]);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } })).status).toBe("active");

    expectLogged("warn", /^Stripe event without order metadata ignored \{"eventType":"charge.refunded"\}/);
    expect((await deliver("charge.refunded", chargeRefunded("pi_someone_else"))).status).toBe(200);
    expect((await orderOf(orderId)).status).toBe("paid");
  });

  it("refunds a part through the Refunds API with its amount, then the rest under a key of its own", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, paymentIntent } = await paidOrder(member);
    const before = refundRequests().length;

    const part = await api("POST", `/orders/${orderId}/refunds`, {
      token: tenant.admin.token,
      body: { amount: 30000 },
    });
    expect(part.body).toMatchObject({ status: "paid", refundedAmount: 30000 });
    const rest = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token });
    expect(rest.body).toMatchObject({ status: "refunded", refundedAmount: 120000 });

    const made = refundRequests().slice(before);
    expect(made.map((r) => [r.form.get("amount"), r.headers["Idempotency-Key"]])).toEqual([
      ["30000", `refund-${orderId}`],
      ["90000", `refund-${orderId}-30000-90000`],
    ]);
    // Stripe's report of the whole refunded changes nothing more.
    const done = await orderOf(orderId);
    expect((await deliver("charge.refunded", chargeRefunded(paymentIntent))).status).toBe(200);
    expect(await orderOf(orderId)).toEqual(done);
  });

  it("answers 503 and keeps the order paid when Stripe refuses", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await paidOrder(member);
    stripe.fake.failWith = "The refund could not be made";
    expectLogged("error", /^Stripe failed to refund an order/);

    const response = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token });

    expect(response.status).toBe(503);
    expect((await orderOf(orderId)).status).toBe("paid");
  });
});
