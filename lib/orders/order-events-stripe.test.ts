// The Stripe ways to pay in the table of order-events.test.ts (decision 0047), in their own file since
// PAYMENTS_PROVIDER=stripe is set per file (useFakeStripe): a hosted Checkout Session completed, a
// subscription's invoice of a later period, a later instalment of a price paid in instalments. Each
// finds the same rows as every other way (order-rows.ts), and its refund through POST
// /orders/{orderId}/refunds (the Refunds API of the fake Stripe HTTP client) the refund's. Events are
// signed and delivered to the Connect webhook, as a studio's connected account sends them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import {
  courseInInstalments,
  effectOf,
  expectPaidOrderRows,
  expectRefundedOrderRows,
  product,
  studioWithBooks,
  useOrderRows,
  type EntitlementBefore,
  type EntitlementEffect,
  type Product,
} from "@/tests/helpers/order-rows";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";

const stripe = useFakeStripe();
useOrderRows();

/** The instalments' subscription's first period starts then (as its first invoice's line says). */
const FIRST_PERIOD_START = Date.UTC(2099, 0, 5, 12) / 1000;

type Studio = TestTenant & { connectedAccount: string };
const unique = () => randomUUID().replaceAll("-", "").slice(0, 16);

const deliver = async (studio: Studio, type: string, object: Record<string, unknown>) => {
  const response = await deliverStripeEvent(stripeEvent(type, object, { account: studio.connectedAccount }), {
    endpoint: "connect",
  });
  expect(response.status, `${type}: ${response.text}`).toBe(200);
};

/** POST /checkout opens a Checkout Session; Stripe reports it completed and paid (`extra`: its payment or subscription). */
async function hostedCheckout(studio: Studio, member: TestMember, bought: Product, extra: Record<string, unknown>) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: bought.id, priceId: bought.prices[0]!.id },
  });
  expect(response.status, response.text).toBe(201);
  const order = await db.order.findUniqueOrThrow({ where: { id: response.body.order.id } });
  expect(order).toMatchObject({ status: "pending", provider: "stripe" });
  const metadata = { orderId: order.id, accountId: studio.accountId };
  await deliver(studio, "checkout.session.completed", {
    id: order.providerRef,
    object: "checkout.session",
    payment_status: "paid",
    status: "complete",
    metadata,
    ...extra,
  });
  return { orderId: order.id, metadata };
}

/** A subscription's invoice paid; its PaymentIntent is the fake's `pi_for_<invoice id>`. */
function invoice(
  id: string,
  billingReason: string,
  subscription: string,
  metadata: Record<string, string>,
  amount: number,
) {
  return {
    id,
    object: "invoice",
    billing_reason: billingReason,
    customer: "cus_buyer",
    amount_paid: amount,
    amount_due: amount,
    currency: "dkk",
    lines: { object: "list", data: [{ period: { start: FIRST_PERIOD_START, end: FIRST_PERIOD_START + 2_678_400 } }] },
    parent: { type: "subscription_details", subscription_details: { subscription, metadata } },
  };
}

/** A subscription bought through a Checkout Session, its first invoice paid: the checkout's order. */
async function subscribed(studio: Studio, member: TestMember, bought: Product, amount: number) {
  const subscription = `sub_${unique()}`;
  const { orderId, metadata } = await hostedCheckout(studio, member, bought, { mode: "subscription", subscription });
  await deliver(
    studio,
    "invoice.paid",
    invoice(`in_${unique()}`, "subscription_create", subscription, metadata, amount),
  );
  return { orderId, subscription, metadata };
}

type Way = {
  way: string;
  entitlement: EntitlementEffect["entitlement"];
  pay: (studio: Studio, member: TestMember) => Promise<{ orderId: string; before?: EntitlementBefore }>;
};

const WAYS: Way[] = [
  {
    way: "a hosted Stripe Checkout Session (checkout.session.completed)",
    entitlement: "created",
    pay: async (studio, member) => {
      const pass = await product(studio, {
        type: "class_pass",
        name: "Ten classes",
        classAllowance: 10,
        prices: [{ amount: 120000, currency: "DKK" }],
      });
      const { orderId } = await hostedCheckout(studio, member, pass, { payment_intent: `pi_${unique()}` });
      return { orderId };
    },
  },
  {
    way: "a Stripe invoice renewal (invoice.paid of a later period)",
    entitlement: "extended",
    pay: async (studio, member) => {
      const membership = await product(studio, {
        type: "subscription",
        name: "Monthly",
        prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
      });
      const { orderId: firstId, subscription, metadata } = await subscribed(studio, member, membership, 59900);
      const before = await db.entitlement.findFirstOrThrow({ where: { orderId: firstId } });
      const renewalInvoice = `in_${unique()}`;
      await deliver(
        studio,
        "invoice.paid",
        invoice(renewalInvoice, "subscription_cycle", subscription, metadata, 59900),
      );
      const renewal = await db.order.findUniqueOrThrow({ where: { providerRef: renewalInvoice } });
      expect(renewal).toMatchObject({ provider: "stripe", paymentIntentId: `pi_for_${renewalInvoice}` });
      return { orderId: renewal.id, before };
    },
  },
  {
    way: "a Stripe instalment (invoice.paid of a later instalment)",
    entitlement: "none",
    pay: async (studio, member) => {
      const course = await courseInInstalments(studio, 90000, 3);
      const { orderId: firstId, subscription, metadata } = await subscribed(studio, member, course, 30000);
      const secondInvoice = `in_${unique()}`;
      await deliver(
        studio,
        "invoice.paid",
        invoice(secondInvoice, "subscription_cycle", subscription, metadata, 30000),
      );
      const second = await db.order.findUniqueOrThrow({ where: { providerRef: secondInvoice } });
      expect(second).toMatchObject({ instalmentOf: firstId, instalment: 2, instalments: 3, provider: "stripe" });
      return { orderId: second.id };
    },
  },
];

describe("every Stripe way to pay writes what ORDER_EVENTS lists, and so does its refund", () => {
  it.each(WAYS)("$way", async ({ entitlement, pay }) => {
    const tenant = await studioWithBooks();
    const studio = { ...tenant, connectedAccount: await connectStudio(tenant) };
    const member = await createMember(studio.accountId, "attendee");
    const { orderId, before } = await pay(studio, member);
    const effect = effectOf(entitlement, before);

    const paid = await expectPaidOrderRows(orderId, effect);

    const { paymentIntentId } = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    const refund = await api("POST", `/orders/${orderId}/refunds`, { token: studio.admin.token, body: {} });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body).toMatchObject({ id: orderId, status: "refunded" });
    const refunds = stripe.fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refunds.map((r) => [r.form.get("payment_intent"), r.headers["Stripe-Account"]])).toEqual([
      [paymentIntentId, studio.connectedAccount],
    ]);
    await expectRefundedOrderRows(paid, effect);
  });
});
