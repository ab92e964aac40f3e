// The studio's side of gift cards (issue 47 §3): the list and a card's page, a payout recorded within
// the validity or the 12 months after expiry, a card voided with its order refunded.
import LinkHeader from "http-link-header";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { buyGiftCard, entriesOf, expireGiftCard, orderPaidByCard } from "./gift-card-test-data";

let tenant: TestTenant;
let buyer: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm" });
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: tenant.admin.token, body });

describe("GET /gift-cards", () => {
  it("lists the studio's cards newest first, in keyset pages, filtered by status, last four and email", async () => {
    const first = await buyGiftCard(tenant, buyer, { recipientEmail: "Maja@Example.com" });
    const second = await buyGiftCard(tenant, buyer, { amount: 30000 });
    const third = await buyGiftCard(tenant, buyer, { amount: 20000 });
    await db.giftCard.update({ where: { id: third.card.id }, data: { status: "used", balance: 0 } });

    const all = await asAdmin("GET", "/gift-cards");
    expect(all.status).toBe(200);
    expect(all.body.map((card: { id: string }) => card.id)).toEqual([third.card.id, second.card.id, first.card.id]);
    expect(all.body[2]).toMatchObject({ code: null, last4: first.card.codeLast4, balance: 50000, status: "active" });

    const page = await asAdmin("GET", "/gift-cards?limit=2");
    expect(page.body).toHaveLength(2);
    const next = LinkHeader.parse(page.headers.get("link")!).rel("next")[0]!.uri;
    const rest = await asAdmin("GET", next.replace(/^\/api/, ""));
    expect(rest.body.map((card: { id: string }) => card.id)).toEqual([first.card.id]);
    expect(rest.headers.get("link")).toBeNull();

    const used = await asAdmin("GET", "/gift-cards?status=used");
    expect(used.body.map((card: { id: string }) => card.id)).toEqual([third.card.id]);
    const byLast4 = await asAdmin("GET", `/gift-cards?last4=${second.card.codeLast4.toLowerCase()}`);
    expect(byLast4.body.map((card: { id: string }) => card.id)).toContain(second.card.id);
    const byRecipient = await asAdmin("GET", "/gift-cards?email=maja@example.COM");
    expect(byRecipient.body.map((card: { id: string }) => card.id)).toEqual([first.card.id]);
    const byBuyer = await asAdmin("GET", `/gift-cards?email=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(byBuyer.body).toHaveLength(3);
  });

  it("answers 400 for an unknown status or a cursor without limit, 403 to an attendee, and none of another studio's cards", async () => {
    await buyGiftCard(tenant, buyer);
    expect((await asAdmin("GET", "/gift-cards?status=spent")).status).toBe(400);
    expect((await asAdmin("GET", "/gift-cards?cursor=abc")).status).toBe(400);
    expect((await api("GET", "/gift-cards", { token: buyer.token })).status).toBe(403);
    expect((await api("GET", "/gift-cards")).status).toBe(401);
    const other = await createTenant();
    const theirs = await api("GET", "/gift-cards", { token: other.admin.token });
    expect(theirs.body).toEqual([]);
  });
});

describe("GET /gift-cards/{id}", () => {
  it("answers the card with its history oldest first, its buyer and its recipient; 404 for another studio's", async () => {
    const { card } = await buyGiftCard(tenant, buyer, { recipientEmail: "maja@example.com" });
    const { orderId } = await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 20000 });
    const response = await asAdmin("GET", `/gift-cards/${card.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: card.id,
      code: null,
      balance: 30000,
      buyer: { id: buyer.userId, name: "Ida Holm", email: buyer.email },
      recipientEmail: "maja@example.com",
      message: "Tillykke!",
      deliverOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      deliveredAt: null,
      payoutRequestedAt: null,
      voidReason: null,
    });
    expect(response.body.entries.map((entry: { kind: string; amount: number; orderId: string }) => entry)).toEqual([
      expect.objectContaining({ kind: "issue", amount: 50000, orderId: card.orderId }),
      expect.objectContaining({ kind: "redeem", amount: -20000, orderId }),
    ]);
    const other = await createTenant();
    expect((await api("GET", `/gift-cards/${card.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await asAdmin("GET", "/gift-cards/no-such-card")).status).toBe(404);
  });
});

describe("POST /gift-cards/{id}/cash-out", () => {
  it("pays out a part, then the rest: cash_out entries, the card cashed_out, the holder's request answered", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    await db.giftCard.update({ where: { id: card.id }, data: { payoutRequestedAt: new Date() } });
    const part = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`, { amount: 20000 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ balance: 30000, status: "active", payoutRequestedAt: null });
    const rest = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ balance: 0, status: "cashed_out" });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["cash_out", -20000],
      ["cash_out", -30000],
    ]);
    const again = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`);
    expect(again).toMatchObject({ status: 409, body: { error: "Gift card has no balance left" } });
  });

  it("answers 409 past the balance, 400 for a non-positive amount, 404 for another studio's card", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    const over = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`, { amount: 50001 });
    expect(over).toMatchObject({ status: 409, body: { error: "Payout exceeds the balance" } });
    expect((await asAdmin("POST", `/gift-cards/${card.id}/cash-out`, { amount: 0 })).status).toBe(400);
    const other = await createTenant();
    const theirs = await api("POST", `/gift-cards/${card.id}/cash-out`, { token: other.admin.token });
    expect(theirs.status).toBe(404);
    expect((await api("POST", `/gift-cards/${card.id}/cash-out`, { token: buyer.token })).status).toBe(403);
    expect(await entriesOf(card.id)).toEqual([["issue", 50000]]);
  });

  it("pays out an expired card within 12 months: the expiry reversed for the amount, then the cash_out", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 10000 });
    await expireGiftCard(tenant, card.id, 30);
    const part = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`, { amount: 15000 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ balance: 0, status: "expired" });
    const over = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`, { amount: 30000 });
    expect(over).toMatchObject({ status: 409, body: { error: "Payout exceeds the balance" } });
    const rest = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`);
    expect(rest.body).toMatchObject({ balance: 0, status: "cashed_out" });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["redeem", -10000],
      ["expire", -40000],
      ["expire", 15000],
      ["cash_out", -15000],
      ["expire", 25000],
      ["cash_out", -25000],
    ]);
  });

  it("answers 409 `Gift card can no longer be paid out` more than 12 months after expiry", async () => {
    const { card } = await buyGiftCard(tenant, buyer);
    await expireGiftCard(tenant, card.id, 400);
    const late = await asAdmin("POST", `/gift-cards/${card.id}/cash-out`);
    expect(late).toMatchObject({ status: 409, body: { error: "Gift card can no longer be paid out" } });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["expire", -50000],
    ]);
  });
});

describe("POST /gift-cards/{id}/void", () => {
  it("voids a card not spent: a void entry, its reason, and its order refunded in full", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    const voided = await asAdmin("POST", `/gift-cards/${card.id}/void`, { reason: "Købt ved en fejl" });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: "void", balance: 0, voidReason: "Købt ved en fejl" });
    expect(await entriesOf(card.id)).toEqual([
      ["issue", 50000],
      ["void", -50000],
    ]);
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ status: "refunded", refundedAmount: 50000, refundReason: "Købt ved en fejl" });
    expect(await db.refund.count({ where: { orderId } })).toBe(1);
    const again = await asAdmin("POST", `/gift-cards/${card.id}/void`, { reason: "Igen" });
    expect(again).toMatchObject({ status: 409, body: { error: "Gift card has been spent" } });
  });

  it("answers 409 `Gift card has been spent` for a card spent in part, 400 without a reason, 404 for another studio's", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 1000 });
    const spent = await asAdmin("POST", `/gift-cards/${card.id}/void`, { reason: "Fejl" });
    expect(spent).toMatchObject({ status: 409, body: { error: "Gift card has been spent" } });
    expect((await asAdmin("POST", `/gift-cards/${card.id}/void`, {})).status).toBe(400);
    const other = await createTenant();
    const theirs = await api("POST", `/gift-cards/${card.id}/void`, {
      token: other.admin.token,
      body: { reason: "x" },
    });
    expect(theirs.status).toBe(404);
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "paid" });
  });
});

describe("POST /orders/{id}/refunds of an order that bought a gift card", () => {
  it("refunds it in full while the card is unspent, voiding the card", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    const refunded = await asAdmin("POST", `/orders/${orderId}/refunds`, { reason: "Fortrudt" });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ status: "refunded" });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "void",
      balance: 0,
      voidReason: "Fortrudt",
    });
  });

  it("answers 409 `Gift card has been spent` for a part of it, or once the card is spent", async () => {
    const { card, orderId } = await buyGiftCard(tenant, buyer);
    const part = await asAdmin("POST", `/orders/${orderId}/refunds`, { amount: 10000 });
    expect(part).toMatchObject({ status: 409, body: { error: "Gift card has been spent" } });
    await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 1000 });
    const spent = await asAdmin("POST", `/orders/${orderId}/refunds`);
    expect(spent).toMatchObject({ status: 409, body: { error: "Gift card has been spent" } });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "paid",
      refundedAmount: 0,
    });
  });
});
