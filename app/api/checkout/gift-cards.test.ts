// Gift cards at checkout (issue 47 §1–2, decision 0051), with the demo provider (paid at once): a
// card bought at a fixed or a chosen amount, its code shown once; a code paying part or all of a
// purchase, a membership's first payment; the quote; every error of both.
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let other: TestTenant;
let buyer: TestMember;
let ipCounter = 0;
const fromNewIp = () => ({ [CLIENT_ADDRESS_HEADER]: `10.47.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

type Product = { id: string; prices: { id: string }[] };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: { name: "Product", status: "active", prices: [{ amount: 15000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const giftCardProduct = (token = tenant.admin.token) =>
  product(
    {
      type: "gift_card",
      name: "Gavekort",
      prices: [{ amount: 50000, currency: "DKK" }],
      customAmount: { min: 10000, max: 300000 },
      validityMonths: 24,
    },
    token,
  );

const FOR_MAJA = { recipientName: "Maja", recipientEmail: "maja@example.com", message: "Tillykke!" };

const checkout = (member: TestMember, body: Record<string, unknown>, path = "/checkout") =>
  api("POST", path, { token: member.token, body, headers: fromNewIp() });

/** A card bought now (demo: paid at once), with its grouped code. */
async function boughtCard(amount: number, member = buyer, card?: Product): Promise<{ id: string; code: string }> {
  const gift = card ?? (await giftCardProduct(member === buyer ? tenant.admin.token : undefined));
  const response = await checkout(member, { productId: gift.id, amount, giftCard: FOR_MAJA });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.giftCard;
}

describe("buying a gift card", () => {
  it("at a fixed price: paid at once, the card with its code in the answer and never again", async () => {
    const gift = await giftCardProduct();
    const response = await checkout(buyer, { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: FOR_MAJA });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { order, entitlement, giftCard, checkoutUrl } = response.body;
    expect(checkoutUrl).toBeNull();
    expect(entitlement).toBeNull();
    expect(order).toMatchObject({
      amount: 50000,
      status: "paid",
      provider: "demo",
      giftCardId: null,
      giftCardAmount: 0,
    });
    expect(giftCard).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      code: expect.stringMatching(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/),
      last4: giftCard.code.slice(-4),
      initialAmount: 50000,
      balance: 50000,
      currency: "DKK",
      issuedAt: order.paidAt,
      expiresAt: expect.stringMatching(/Z$/),
      status: "active",
      recipientName: "Maja",
      orderId: order.id,
    });
    // valid 24 months, to the end of that day in the studio's zone
    const months = (Date.parse(giftCard.expiresAt) - Date.parse(giftCard.issuedAt)) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(24);
    const stored = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.giftCardFor).toMatchObject({ ...FOR_MAJA, deliverOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await db.entitlement.count({ where: { orderId: order.id } })).toBe(0);
    const entries = await db.giftCardEntry.findMany({ where: { giftCardId: giftCard.id } });
    expect(entries).toMatchObject([{ kind: "issue", amount: 50000, orderId: order.id }]);

    const later = await api("GET", "/orders", { token: tenant.admin.token });
    expect(later.status).toBe(200);
    expect(later.text).not.toContain(giftCard.code);
    expect(later.text).not.toContain(giftCard.code.replaceAll("-", ""));
  });

  it("replayed by its Idempotency-Key: the same card without its code, which the database never stored", async () => {
    const gift = await giftCardProduct();
    const body = { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: FOR_MAJA };
    const headers = { ...fromNewIp(), "Idempotency-Key": "gift-card-replay" };
    const first = await api("POST", "/checkout", { token: buyer.token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.giftCard.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const replay = await api("POST", "/checkout", { token: buyer.token, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.order.id).toBe(first.body.order.id);
    expect(replay.body.giftCard).toEqual({ ...first.body.giftCard, code: null });
    const stored = await db.idempotencyKey.findMany({ where: { key: "gift-card-replay" } });
    expect(stored).toHaveLength(1);
    const kept = JSON.stringify(stored[0]!.responseBody);
    expect(kept).not.toContain(first.body.giftCard.code);
    expect(kept).not.toContain(first.body.giftCard.code.replaceAll("-", ""));
  });

  it("at an amount of the buyer's choice, delivered today by default", async () => {
    const gift = await giftCardProduct();
    const response = await checkout(buyer, { productId: gift.id, amount: 75000, giftCard: { recipientName: "Ole" } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { order, giftCard } = response.body;
    expect(order).toMatchObject({ amount: 75000, status: "paid", vatAmount: null });
    expect(giftCard).toMatchObject({ initialAmount: 75000, balance: 75000, recipientName: "Ole" });
    const price = await db.price.findUniqueOrThrow({ where: { id: order.priceId } });
    expect(price).toMatchObject({ productId: gift.id, amount: 75000, currency: "DKK", retired: true });
    const stored = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.giftCardFor).toMatchObject({ recipientName: "Ole", recipientEmail: null, message: null });
    // the chosen amount is no price anyone else sees
    const listed = await api("GET", "/products", { token: tenant.admin.token });
    expect(listed.body.find((p: Product) => p.id === gift.id).prices.map((p: { id: string }) => p.id)).not.toContain(
      order.priceId,
    );
  });

  it("answers 400 for priceId and amount both, or neither", async () => {
    const gift = await giftCardProduct();
    const both = await checkout(buyer, {
      productId: gift.id,
      priceId: gift.prices[0]!.id,
      amount: 20000,
      giftCard: FOR_MAJA,
    });
    expect(both).toMatchObject({
      status: 400,
      body: { error: "Validation failed", details: [{ path: "amount", code: "price_or_amount" }] },
    });
    const neither = await checkout(buyer, { productId: gift.id, giftCard: FOR_MAJA });
    expect(neither).toMatchObject({ status: 400, body: { details: [{ path: "priceId", code: "required" }] } });
  });

  it("answers 400 at amount for another product, a gift card without customAmount, or out of its bounds", async () => {
    const pass = await product({ type: "class_pass", classAllowance: 10 });
    const fixed = await product({ type: "gift_card", prices: [{ amount: 50000, currency: "DKK" }] });
    const gift = await giftCardProduct();
    const at = (code: string) => ({ status: 400, body: { details: [{ path: "amount", code }] } });
    expect(await checkout(buyer, { productId: pass.id, amount: 20000 })).toMatchObject(at("gift_card_only"));
    expect(await checkout(buyer, { productId: fixed.id, amount: 20000, giftCard: FOR_MAJA })).toMatchObject(
      at("custom_amount_not_offered"),
    );
    const low = await checkout(buyer, { productId: gift.id, amount: 9999, giftCard: FOR_MAJA });
    expect(low).toMatchObject(at("custom_amount_bounds"));
    expect(low.body.details[0].params).toEqual({ minimum: 10000, maximum: 300000 });
    expect(await checkout(buyer, { productId: gift.id, amount: 300001, giftCard: FOR_MAJA })).toMatchObject(
      at("custom_amount_bounds"),
    );
    // the quote checks the same
    expect(
      await checkout(buyer, { productId: gift.id, amount: 9999, giftCard: FOR_MAJA }, "/checkout/quote"),
    ).toMatchObject(at("custom_amount_bounds"));
  });

  it("answers 400 at giftCard without it for a gift card, and with it for anything else", async () => {
    const gift = await giftCardProduct();
    const pass = await product({ type: "class_pass", classAllowance: 10 });
    expect(await checkout(buyer, { productId: gift.id, priceId: gift.prices[0]!.id })).toMatchObject({
      status: 400,
      body: { details: [{ path: "giftCard", code: "required" }] },
    });
    expect(
      await checkout(buyer, { productId: pass.id, priceId: pass.prices[0]!.id, giftCard: FOR_MAJA }),
    ).toMatchObject({
      status: 400,
      body: { details: [{ path: "giftCard", code: "gift_card_only" }] },
    });
    expect(await db.order.count({ where: { productId: { in: [gift.id, pass.id] } } })).toBe(0);
  });

  it("answers 400 for a deliverOn before today or more than a year ahead", async () => {
    const gift = await giftCardProduct();
    const on = (deliverOn: string) =>
      checkout(buyer, { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: { ...FOR_MAJA, deliverOn } });
    expect(await on("2020-01-01")).toMatchObject({
      status: 400,
      body: { details: [{ path: "giftCard.deliverOn", code: "deliver_on_past" }] },
    });
    expect(await on("2099-01-01")).toMatchObject({
      status: 400,
      body: { details: [{ path: "giftCard.deliverOn", code: "deliver_on_too_far" }] },
    });
  });

  it("answers 409 `Promo code is not valid` for a promo code, which the quote reports as not applying", async () => {
    const gift = await giftCardProduct();
    const promo = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: { code: "JUL10", status: "active", percentOff: 10 },
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const body = { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: FOR_MAJA, promoCode: "JUL10" };
    expect(await checkout(buyer, body)).toMatchObject({ status: 409, body: { error: "Promo code is not valid" } });
    const quote = await checkout(buyer, body, "/checkout/quote");
    expect(quote).toMatchObject({
      status: 200,
      body: { total: 50000, dueNow: 50000, promoCode: { applied: false }, giftCard: null },
    });
  });
});

describe("a gift card at the desk", () => {
  it("answers 400 at productId: a gift card is sold at checkout, never granted without its recipient", async () => {
    const gift = await giftCardProduct();
    const response = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: gift.id },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: "Validation failed", details: [{ path: "productId", code: "gift_card_checkout_only" }] },
    });
    expect(await db.order.count({ where: { productId: gift.id } })).toBe(0);
  });
});

describe("paying with a gift card", () => {
  it("pays part of a class pass: the rest by the provider, the card spent to 0 is used", async () => {
    const card = await boughtCard(50000);
    const pass = await product({
      type: "class_pass",
      classAllowance: 10,
      prices: [{ amount: 120000, currency: "DKK" }],
    });
    const body = { productId: pass.id, priceId: pass.prices[0]!.id, giftCardCode: card.code.toLowerCase() };
    const quote = await checkout(buyer, body, "/checkout/quote");
    expect(quote).toMatchObject({
      status: 200,
      body: { total: 120000, giftCard: { last4: card.code.slice(-4), amount: 50000, balance: 50000 }, dueNow: 70000 },
    });
    const response = await checkout(buyer, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({
      amount: 120000,
      giftCardId: card.id,
      giftCardAmount: 50000,
      provider: "demo",
      status: "paid",
    });
    expect(response.body.giftCard).toBeNull();
    expect(response.body.entitlement).toMatchObject({ remainingClasses: 10 });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 0,
      status: "used",
    });
    const entries = await db.giftCardEntry.findMany({ where: { giftCardId: card.id }, orderBy: { at: "asc" } });
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
    ]);
    expect(entries[1]!.orderId).toBe(response.body.order.id);

    // spent: 409 from then on
    const again = await checkout(buyer, body);
    expect(again).toMatchObject({ status: 409, body: { error: "Gift card has no balance left" } });
    expect(await checkout(buyer, body, "/checkout/quote")).toMatchObject({
      status: 409,
      body: { error: "Gift card has no balance left" },
    });
  });

  it("pays all of a drop-in: paid at once with provider gift_card, the rest left on the card", async () => {
    const card = await boughtCard(100000);
    const dropIn = await product({ type: "drop_in" });
    const body = { productId: dropIn.id, priceId: dropIn.prices[0]!.id, giftCardCode: card.code.replaceAll("-", " ") };
    expect(await checkout(buyer, body, "/checkout/quote")).toMatchObject({
      status: 200,
      body: { total: 15000, giftCard: { amount: 15000, balance: 100000 }, dueNow: 0 },
    });
    const response = await checkout(buyer, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({
      amount: 15000,
      giftCardAmount: 15000,
      provider: "gift_card",
      status: "paid",
      receiptNumber: expect.any(Number),
    });
    expect(response.body.entitlement).toMatchObject({ remainingClasses: 1 });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 85000,
      status: "active",
    });
  });

  it("pays a membership's first payment only, through the provider", async () => {
    const card = await boughtCard(50000);
    const membership = await product({
      type: "subscription",
      prices: [{ amount: 40000, currency: "DKK", interval: "month" }],
    });
    const body = { productId: membership.id, priceId: membership.prices[0]!.id, giftCardCode: card.code };
    expect(await checkout(buyer, body, "/checkout/quote")).toMatchObject({
      status: 200,
      body: { total: 40000, giftCard: { amount: 40000 }, dueNow: 0 },
    });
    const response = await checkout(buyer, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.order).toMatchObject({
      amount: 40000,
      giftCardAmount: 40000,
      provider: "demo",
      status: "paid",
    });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ balance: 10000 });
  });

  it("answers 404 for an unknown code and another studio's, counting each guess: 429 after ten", async () => {
    const theirs = await createMember(other.accountId, "attendee");
    const card = await boughtCard(20000, theirs, await giftCardProduct(other.admin.token));
    const dropIn = await product({ type: "drop_in" });
    const ip = { [CLIENT_ADDRESS_HEADER]: "10.99.0.1" };
    const attempt = (giftCardCode: string, path = "/checkout") =>
      api("POST", path, {
        token: buyer.token,
        headers: ip,
        body: { productId: dropIn.id, priceId: dropIn.prices[0]!.id, giftCardCode },
      });
    const notFound = { status: 404, body: { error: "Gift card not found" } };
    expect(await attempt(card.code)).toMatchObject(notFound);
    expect(await attempt("AAAA-BBBB-CCCC", "/checkout/quote")).toMatchObject(notFound);
    for (let guess = 3; guess <= 10; guess++) expect(await attempt(`AAAA-BBBB-CC${guess}`)).toMatchObject(notFound);
    const limited = await attempt("AAAA-BBBB-DDDD");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await attempt("AAAA-BBBB-DDDD", "/checkout/quote")).status).toBe(429);
    expect(await db.order.count({ where: { productId: dropIn.id } })).toBe(0);
  });

  it("answers 409 `Gift card has expired` with the last day it can be paid out", async () => {
    const card = await boughtCard(30000);
    const dropIn = await product({ type: "drop_in" });
    // its last day was two days ago: it ended at that day's midnight in the studio's zone
    const expiresAt = new Date(Date.now() - 2 * 86_400_000);
    await db.giftCard.update({ where: { id: card.id }, data: { expiresAt } });
    const payoutUntil = DateTime.fromJSDate(expiresAt).setZone("Europe/Copenhagen").plus({ months: 12 }).toISODate();
    const body = { productId: dropIn.id, priceId: dropIn.prices[0]!.id, giftCardCode: card.code };
    const expired = {
      status: 409,
      body: {
        error: "Gift card has expired",
        details: [
          {
            path: "giftCardCode",
            code: "gift_card_payout_until",
            params: { payoutUntil },
            message: `It can still be paid out until ${payoutUntil}`,
          },
        ],
      },
    };
    expect(await checkout(buyer, body)).toMatchObject(expired);
    expect(await checkout(buyer, body, "/checkout/quote")).toMatchObject(expired);
    await db.giftCard.update({ where: { id: card.id }, data: { status: "expired", balance: 0 } });
    expect(await checkout(buyer, body)).toMatchObject(expired);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ balance: 0 });
  });

  it("answers 409 `Gift card has no balance left` for a cashed-out or void card", async () => {
    const dropIn = await product({ type: "drop_in" });
    for (const status of ["cashed_out", "void"]) {
      const card = await boughtCard(30000);
      await db.giftCard.update({ where: { id: card.id }, data: { status, balance: 0 } });
      const body = { productId: dropIn.id, priceId: dropIn.prices[0]!.id, giftCardCode: card.code };
      expect(await checkout(buyer, body)).toMatchObject({
        status: 409,
        body: { error: "Gift card has no balance left" },
      });
    }
  });

  it("answers 409 `Gift cards cannot pay for gift cards`", async () => {
    const card = await boughtCard(30000);
    const gift = await giftCardProduct();
    const body = { productId: gift.id, priceId: gift.prices[0]!.id, giftCard: FOR_MAJA, giftCardCode: card.code };
    const refused = { status: 409, body: { error: "Gift cards cannot pay for gift cards" } };
    expect(await checkout(buyer, body)).toMatchObject(refused);
    expect(await checkout(buyer, body, "/checkout/quote")).toMatchObject(refused);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ balance: 30000 });
  });
});
