// Gift cards for the tests: bought through POST /products and POST /checkout (the demo provider, paid at
// once: the card issued by "order.paid"); an order paid in part by a card set up as checkout leaves it
// (giftCardId, giftCardAmount, its redeem), and one bought through POST /checkout with `giftCardCode`.
import { expect } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { moveGiftCardBalance } from "@/lib/gift-cards/gift-card-ledger";
import { api } from "@/tests/helpers/api";
import type { TestMember, TestTenant } from "@/tests/helpers/fixtures";

export const DAY = 24 * 60 * 60 * 1000;

export async function buyGiftCard(
  tenant: TestTenant,
  buyer: TestMember,
  { amount = 50000, recipientEmail = null }: { amount?: number; recipientEmail?: string | null } = {},
) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "gift_card", name: "Gavekort", status: "active", prices: [{ amount, currency: "DKK" }] },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const giftCard = { recipientName: "Maja", message: "Tillykke!", ...(recipientEmail ? { recipientEmail } : {}) };
  const checkout = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id, giftCard },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const orderId = checkout.body.order.id as string;
  const card = await db.giftCard.findFirstOrThrow({ where: { orderId } });
  return { card, code: checkout.body.giftCard.code as string, orderId };
}

/** A class pass of `amount` bought by `buyer`, `fromCard` of it paid by the card (its redeem entry), the rest by the demo. */
export async function orderPaidByCard(
  tenant: TestTenant,
  buyer: TestMember,
  cardId: string,
  { amount, fromCard }: { amount: number; fromCard: number },
) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 10,
      name: "Klippekort",
      status: "active",
      prices: [{ amount, currency: "DKK" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const checkout = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const orderId = checkout.body.order.id as string;
  await tenantDb(tenant.accountId).$transaction(async (tx) => {
    await tx.order.update({
      where: { id: orderId },
      data: { giftCardId: cardId, giftCardAmount: fromCard, ...(fromCard === amount ? { provider: "gift_card" } : {}) },
    });
    const moved = await moveGiftCardBalance(
      tx,
      { id: cardId, accountId: tenant.accountId },
      { kind: "redeem", amount: -fromCard, at: new Date(), orderId },
    );
    expect(moved).not.toBeNull();
  });
  return { orderId };
}

/** The card's entries as kinds and amounts, oldest first; they sum to its balance. */
export async function entriesOf(giftCardId: string) {
  const entries = await db.giftCardEntry.findMany({
    where: { giftCardId },
    orderBy: [{ at: "asc" }, { createdAt: "asc" }],
  });
  const card = await db.giftCard.findUniqueOrThrow({ where: { id: giftCardId } });
  expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(card.balance);
  return entries.map(({ kind, amount }) => [kind, amount]);
}

/** The card, expired `daysAgo` (its end passed, an `expire` entry of −balance, as the expiry job leaves it). */
export async function expireGiftCard(tenant: TestTenant, giftCardId: string, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await tenantDb(tenant.accountId).$transaction(async (tx) => {
    const card = await tx.giftCard.update({ where: { id: giftCardId }, data: { expiresAt: at } });
    if (card.balance > 0)
      await moveGiftCardBalance(tx, card, { kind: "expire", amount: -card.balance, at: new Date() });
    await tx.giftCard.update({ where: { id: giftCardId }, data: { status: "expired" } });
  });
}
