// POST /withdrawals of an order that bought a gift card (decision 0051): 14 days, as a pass, while the
// card is unspent; the withdrawal refunds the order and voids the card.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { buyGiftCard, entriesOf, orderPaidByCard } from "@/app/api/gift-cards/gift-card-test-data";

let tenant: TestTenant;
let buyer: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

const withdraw = (orderId: string) => api("POST", "/withdrawals", { token: buyer.token, body: { orderId } });

describe("a withdrawal of a gift card's order", () => {
  it("refunds the order in full and voids the card while it is unspent", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    const response = await withdraw(orderId);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ orderId, usedAmount: 0, refundAmount: 50000 });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "refunded" });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "void",
      voidReason: "withdrawal",
    });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["void", -50000],
    ]);
  });

  it("answers 409 `Gift card has been spent` once the card paid for something", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 5000 });
    const response = await withdraw(orderId);
    expect(response).toMatchObject({ status: 409, body: { error: "Gift card has been spent" } });
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "active",
      balance: 45000,
    });
  });
});
