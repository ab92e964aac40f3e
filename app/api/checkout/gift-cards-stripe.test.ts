// Gift cards with a hosted payment (Stripe, issue 47 §1–2, decision 0051): a card bought is issued
// when its payment is reported; a card paying part of a purchase holds its part while the payment
// is open (the provider charges the rest) and gets it back when the payment is abandoned.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { unsealGiftCardCode } from "@/lib/gift-cards/gift-card-code";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { connectStudio, deliverStripeEvent, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";

const stripe = useFakeStripe();
let tenant: TestTenant;
let buyer: TestMember;

beforeAll(async () => {
  tenant = await createTenant();
  await connectStudio(tenant);
  buyer = await createMember(tenant.accountId, "attendee");
});

async function product(body: Record<string, unknown>): Promise<{ id: string; prices: { id: string }[] }> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Product", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const sessionEvent = (type: string, orderId: string, paid: boolean) =>
  db.order.findUniqueOrThrow({ where: { id: orderId } }).then((order) =>
    deliverStripeEvent(
      stripeEvent(type, {
        id: order.providerRef,
        object: "checkout.session",
        payment_status: paid ? "paid" : "unpaid",
        status: paid ? "complete" : "expired",
        metadata: { orderId, accountId: tenant.accountId },
      }),
    ),
  );

const lastSessionForm = () => stripe.fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;

/** A card of `amount` bought through Stripe: none until the payment is reported, then issued. */
async function boughtCard(amount: number): Promise<{ id: string; code: string }> {
  const gift = await product({ type: "gift_card", prices: [{ amount, currency: "DKK" }] });
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: { recipientName: "Maja" } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body).toMatchObject({ order: { status: "pending" }, giftCard: null });
  expect(response.body.checkoutUrl).toEqual(expect.any(String));
  const orderId = response.body.order.id;
  expect(await db.giftCard.count({ where: { orderId } })).toBe(0);
  expect((await sessionEvent("checkout.session.completed", orderId, true)).status).toBe(200);
  const card = await db.giftCard.findFirstOrThrow({ where: { orderId } });
  expect(card).toMatchObject({ balance: amount, status: "active" });
  expect(await db.entitlement.count({ where: { orderId } })).toBe(0);
  return { id: card.id, code: unsealGiftCardCode(card.codeSealed!) };
}

describe("gift cards with Stripe", () => {
  it("holds the card's part while the payment is open, Stripe charging the rest; an abandoned payment gives it back", async () => {
    const card = await boughtCard(50000);
    const pass = await product({
      type: "class_pass",
      classAllowance: 10,
      prices: [{ amount: 120000, currency: "DKK" }],
    });
    const response = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: pass.id, priceId: pass.prices[0]!.id, giftCardCode: card.code },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({
      status: "pending",
      provider: "stripe",
      amount: 120000,
      giftCardId: card.id,
      giftCardAmount: 50000,
    });
    expect(lastSessionForm().get("line_items[0][price_data][unit_amount]")).toBe("70000");
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 0,
      status: "used",
    });

    expect((await sessionEvent("checkout.session.expired", response.body.order.id, false)).status).toBe(200);
    expect(await db.order.findUniqueOrThrow({ where: { id: response.body.order.id } })).toMatchObject({
      status: "failed",
    });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 50000,
      status: "active",
    });
    // nothing happened: the history is the issue alone
    const entries = await db.giftCardEntry.findMany({ where: { giftCardId: card.id } });
    expect(entries.map((entry) => entry.kind)).toEqual(["issue"]);
  });

  it("a membership's first payment: a one-time coupon of what the card pays", async () => {
    const card = await boughtCard(30000);
    const membership = await product({
      type: "subscription",
      prices: [{ amount: 40000, currency: "DKK", interval: "month" }],
    });
    const response = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: membership.id, priceId: membership.prices[0]!.id, giftCardCode: card.code },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({ status: "pending", provider: "stripe", giftCardAmount: 30000 });
    expect(lastSessionForm().get("line_items[0][price_data][unit_amount]")).toBe("40000");
    const coupon = stripe.fake.requests.filter((r) => r.path === "/v1/coupons").at(-1)!.form;
    expect(coupon.get("amount_off")).toBe("30000");
    expect(coupon.get("duration")).toBe("once");
  });
});
