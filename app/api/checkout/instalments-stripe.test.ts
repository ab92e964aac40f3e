// A course price paid in instalments with Stripe (issue 32 §2): the Checkout Session opens a monthly
// subscription of the first instalment on the studio's connected account; its first invoice sets the
// subscription's end after the last instalment (`cancel_at`), the one before the last adds the
// remainder, later invoices are instalment orders linked to the first, and a failed one is a failed
// order that emails the buyer and the administrators (each in their language) and unenrols nobody.
// Stripe is the fake HTTP client; events are signed and delivered to the Connect webhook. Dates are
// fixed (2099), never the time of day.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmailsAbout } from "@/tests/helpers/outbox";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";

const stripe = useFakeStripe();
const HOUR = 3_600_000;
const SIX_WEEKS = Array.from({ length: 6 }, (_, week) => new Date(Date.UTC(2099, 0, 13 + 7 * week, 17)));
/** The subscription's first period starts then (as its first invoice's line says). */
const FIRST_PERIOD_START = Date.UTC(2099, 0, 5, 12) / 1000;

let tenant: TestTenant;
let connectedAccount: string;

beforeAll(async () => {
  tenant = await createTenant();
  connectedAccount = await connectStudio(tenant);
});

const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(stripeEvent(type, object, { account: connectedAccount }), { endpoint: "connect" });

async function seasonClass() {
  const event = await db.event.create({
    data: { accountId: tenant.accountId, title: "Sæsonhold", durationMinutes: 60, capacity: 8, status: "published" },
  });
  const instanceIds = [];
  for (const startsAt of SIX_WEEKS) {
    const instance = await db.instance.create({
      data: {
        accountId: tenant.accountId,
        eventId: event.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        capacity: 8,
      },
    });
    instanceIds.push(instance.id);
  }
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "custom",
      name: "Sæsonhold",
      status: "active",
      courseEventId: event.id,
      prices: [{ amount: 100000, currency: "DKK", instalments: 3 }],
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { product: response.body as { id: string; prices: { id: string }[] }, instanceIds };
}

function invoice(id: string, billingReason: string, metadata: Record<string, string>, amount: number) {
  return {
    id,
    object: "invoice",
    billing_reason: billingReason,
    customer: "cus_buyer",
    amount_paid: amount,
    amount_due: amount,
    currency: "dkk",
    lines: { object: "list", data: [{ period: { start: FIRST_PERIOD_START, end: FIRST_PERIOD_START + 2_678_400 } }] },
    parent: { type: "subscription_details", subscription_details: { subscription: "sub_season", metadata } },
  };
}

describe("instalments with Stripe", () => {
  it("bills monthly on the connected account, ends after the last, and reports a failed instalment", async () => {
    const { product, instanceIds } = await seasonClass();
    const buyer = await createMember(tenant.accountId, "attendee");
    await db.user.update({ where: { id: tenant.admin.userId }, data: { locale: "en" } });

    const checkout = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: product.id, priceId: product.prices[0]!.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    const order = checkout.body.order as { id: string };
    expect(checkout.body.order).toMatchObject({ status: "pending", amount: 33333, instalment: 1, instalments: 3 });
    const session = stripe.fake.requests.find((request) => request.path === "/v1/checkout/sessions")!;
    expect(session.headers["Stripe-Account"]).toBe(connectedAccount);
    expect(Object.fromEntries(session.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "33333",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "1",
      "subscription_data[metadata][orderId]": order.id,
      "allowed_payment_method_types[0]": "card",
    });
    const { providerRef: sessionId } = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    const metadata = { orderId: order.id, accountId: tenant.accountId };

    const completed = await deliver("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      status: "complete",
      subscription: "sub_season",
      metadata,
    });
    expect(completed.status).toBe(200);
    const enrolled = () =>
      db.booking.count({ where: { attendeeId: buyer.userId, instanceId: { in: instanceIds }, status: "confirmed" } });
    expect(await enrolled()).toBe(6);

    // The first invoice: the subscription ends itself three months after its first period began.
    expect((await deliver("invoice.paid", invoice("in_1", "subscription_create", metadata, 33333))).status).toBe(200);
    const ending = stripe.fake.requests.find((request) => request.path === "/v1/subscriptions/sub_season")!;
    expect(ending.headers["Stripe-Account"]).toBe(connectedAccount);
    expect(Object.fromEntries(ending.form)).toEqual({
      cancel_at: String(Date.UTC(2099, 3, 5, 12) / 1000),
      proration_behavior: "none",
    });
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(1);

    // The second: instalment 2, and the remainder (1 øre) goes onto the last invoice.
    expect((await deliver("invoice.paid", invoice("in_2", "subscription_cycle", metadata, 33333))).status).toBe(200);
    const remainder = stripe.fake.requests.filter((request) => request.path === "/v1/invoiceitems");
    expect(remainder).toHaveLength(1);
    expect(Object.fromEntries(remainder[0]!.form)).toEqual({
      customer: "cus_buyer",
      subscription: "sub_season",
      amount: "1",
      currency: "dkk",
    });
    expect(remainder[0]!.headers["Stripe-Account"]).toBe(connectedAccount);
    const second = await db.order.findFirstOrThrow({ where: { providerRef: "in_2" } });
    expect(second).toMatchObject({
      instalmentOf: order.id,
      instalment: 2,
      instalments: 3,
      status: "paid",
      amount: 33333,
    });

    // The third fails, twice (Stripe retries the card): one failed order, one email each.
    const failed = invoice("in_3", "subscription_cycle", metadata, 33334);
    expect((await deliver("invoice.payment_failed", failed)).status).toBe(200);
    expect((await deliver("invoice.payment_failed", failed)).status).toBe(200);
    const third = await db.order.findFirstOrThrow({ where: { providerRef: "in_3" } });
    expect(third).toMatchObject({
      instalmentOf: order.id,
      instalment: 3,
      status: "failed",
      paidAt: null,
      receiptNumber: null,
    });
    const listed = await api("GET", `/users/${buyer.userId}/orders`, { token: tenant.admin.token });
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        id: third.id,
        status: "failed",
        instalmentOf: order.id,
        instalment: 3,
        instalments: 3,
      }),
    );

    const toBuyer = await waitForEmailsAbout(buyer.email, /^Rate /);
    expect(toBuyer.map((email) => email.subject)).toEqual(["Rate 3 af 3 for Sæsonhold er ikke betalt"]);
    expect(toBuyer[0]!.text).toContain("333,34");
    const toStudio = await waitForEmailsAbout(tenant.admin.email, /^Instalment not paid/);
    expect(toStudio).toHaveLength(1);
    expect(toStudio[0]!.text).toContain("is still enrolled");
    expect(await enrolled()).toBe(6); // nobody is unenrolled

    // The retry goes through: the failed instalment becomes paid, with its receipt number.
    expect((await deliver("invoice.paid", failed)).status).toBe(200);
    const paid = await db.order.findUniqueOrThrow({ where: { id: third.id } });
    expect(paid).toMatchObject({ status: "paid", amount: 33334, paymentIntentId: "pi_for_in_3" });
    expect(paid.receiptNumber).not.toBeNull();
    expect(await db.order.count({ where: { OR: [{ id: order.id }, { instalmentOf: order.id }] } })).toBe(3);
  });

  it("cancels the subscription when the first order is refunded, so no further instalment is billed", async () => {
    const { product } = await seasonClass();
    const buyer = await createMember(tenant.accountId, "attendee");
    const checkout = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: product.id, priceId: product.prices[0]!.id },
    });
    const order = checkout.body.order as { id: string };
    const { providerRef: sessionId } = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    const metadata = { orderId: order.id, accountId: tenant.accountId };
    await deliver("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      status: "complete",
      subscription: "sub_refunded",
      metadata,
    });
    const first = { ...invoice("in_r1", "subscription_create", metadata, 33333) };
    first.parent = { type: "subscription_details", subscription_details: { subscription: "sub_refunded", metadata } };
    expect((await deliver("invoice.paid", first)).status).toBe(200);

    const refund = await api("POST", `/orders/${order.id}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refund).toMatchObject({ status: 200, body: { status: "refunded", instalment: 1, instalments: 3 } });
    const cancel = stripe.fake.requests.find((request) => request.method === "DELETE");
    expect(cancel).toMatchObject({ path: "/v1/subscriptions/sub_refunded" });
    expect(cancel!.headers["Stripe-Account"]).toBe(connectedAccount);
  });
});
