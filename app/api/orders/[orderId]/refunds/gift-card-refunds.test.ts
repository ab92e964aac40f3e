// POST /orders/{orderId}/refunds of an order paid in part or wholly by a gift card (decision 0051): the
// provider's part is refunded first, then the card's part goes back to the card as a `refund` entry.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { buyGiftCard, entriesOf, orderPaidByCard } from "@/app/api/gift-cards/gift-card-test-data";

let tenant: TestTenant;
let buyer: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

const refund = (orderId: string, body?: unknown) =>
  api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body });

describe("a refund of an order paid in part by a gift card", () => {
  it("refunds the provider's part first, then gives the card's part back to the card, in parts", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    const { orderId } = await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 50000 });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 0,
      status: "used",
    });

    const first = await refund(orderId, { amount: 60000 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
    ]);

    const second = await refund(orderId, { amount: 30000 });
    expect(second.status).toBe(200);
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
      ["refund", 20000],
    ]);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      balance: 20000,
      status: "active",
      expiresAt: card.expiresAt,
    });

    const rest = await refund(orderId);
    expect(rest.body).toMatchObject({ status: "refunded", refundedAmount: 120000 });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
      ["refund", 20000],
      ["refund", 30000],
    ]);
  });

  it("gives all of a refund in full back in one go: the provider's part and the card's", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    const { orderId } = await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 30000 });
    const all = await refund(orderId);
    expect(all.body).toMatchObject({ status: "refunded", refundedAmount: 120000 });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -30000],
      ["refund", 30000],
    ]);
  });

  it("refunds an order the card paid wholly (provider gift_card) all to the card", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    const { orderId } = await orderPaidByCard(tenant, buyer, card.id, { amount: 40000, fromCard: 40000 });
    const part = await refund(orderId, { amount: 15000 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const rest = await refund(orderId);
    expect(rest.body).toMatchObject({ status: "refunded" });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -40000],
      ["refund", 15000],
      ["refund", 25000],
    ]);
  });

  it("gives the card's part back of an order bought through POST /checkout with `giftCardCode`", async () => {
    const { card, code } = await buyGiftCard(tenant, buyer);
    const pass = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        classAllowance: 10,
        name: "Klippekort",
        status: "active",
        prices: [{ amount: 120000, currency: "DKK" }],
      },
    });
    expect(pass.status, JSON.stringify(pass.body)).toBe(201);
    const bought = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: pass.body.id, priceId: pass.body.prices[0].id, giftCardCode: code },
      headers: { [CLIENT_ADDRESS_HEADER]: "10.47.9.1" },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.order).toMatchObject({ status: "paid", giftCardId: card.id, giftCardAmount: 50000 });
    const orderId = bought.body.order.id as string;
    expect((await refund(orderId, { amount: 80000 })).status).toBe(200);
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
      ["refund", 10000],
    ]);
    expect((await refund(orderId)).body).toMatchObject({ status: "refunded" });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -50000],
      ["refund", 10000],
      ["refund", 40000],
    ]);
  });
});
