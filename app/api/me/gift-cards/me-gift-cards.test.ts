// GET /me/gift-cards and POST /me/gift-cards/{id}/payout-request (issue 47 §2, §3): the member's cards,
// bought by them or sent to their email, with their history; the holder asks for the balance paid out.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { readOutbox, waitForEmailsAbout } from "@/tests/helpers/outbox";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { buyGiftCard, expireGiftCard, orderPaidByCard } from "@/app/api/gift-cards/gift-card-test-data";

let tenant: TestTenant;
let buyer: TestMember;
let friend: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  friend = await createMember(tenant.accountId, "attendee");
});

const payoutRequest = (member: TestMember, giftCardId: string) =>
  api("POST", `/me/gift-cards/${giftCardId}/payout-request`, { token: member.token });

describe("GET /me/gift-cards", () => {
  it("lists the cards a member bought and those sent to their email (any case), with balance and history", async () => {
    const forFriend = await buyGiftCard(tenant, buyer, { recipientEmail: friend.email.toUpperCase() });
    const toPassOn = await buyGiftCard(tenant, buyer, { amount: 30000 });
    await orderPaidByCard(tenant, friend, forFriend.card.id, { amount: 120000, fromCard: 20000 });

    const mine = await api("GET", "/me/gift-cards", { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((card: { id: string; role: string }) => [card.id, card.role])).toEqual([
      [toPassOn.card.id, "bought"],
      [forFriend.card.id, "bought"],
    ]);

    const theirs = await api("GET", "/me/gift-cards", { token: friend.token });
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]).toMatchObject({
      id: forFriend.card.id,
      role: "received",
      balance: 30000,
      status: "active",
      code: null,
    });
    expect(theirs.body[0].entries.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual(
      [
        ["issue", 50000],
        ["redeem", -20000],
      ],
    );
  });

  it("lists none of another studio's cards, and answers 401 without a session", async () => {
    await buyGiftCard(tenant, buyer);
    const other = await createTenant();
    const elsewhere = await createMember(other.accountId, "attendee", { email: buyer.email });
    expect((await api("GET", "/me/gift-cards", { token: elsewhere.token })).body).toEqual([]);
    expect((await api("GET", "/me/gift-cards")).status).toBe(401);
  });
});

describe("POST /me/gift-cards/{id}/payout-request", () => {
  it("records the holder's request: the recipient by email, or the buyer of a card sent to no one", async () => {
    const forFriend = await buyGiftCard(tenant, buyer, { recipientEmail: friend.email });
    const toPassOn = await buyGiftCard(tenant, buyer);
    const asked = await payoutRequest(friend, forFriend.card.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ id: forFriend.card.id, role: "received", balance: 50000 });
    expect(asked.body.payoutRequestedAt).toEqual(expect.any(String));
    expect((await payoutRequest(buyer, toPassOn.card.id)).status).toBe(200);
    const card = await db.giftCard.findUniqueOrThrow({ where: { id: forFriend.card.id } });
    expect(card.payoutRequestedAt).not.toBeNull();
    const seen = await api("GET", `/gift-cards/${card.id}`, { token: tenant.admin.token });
    expect(seen.body.payoutRequestedAt).toBe(card.payoutRequestedAt!.toISOString());
  });

  it("emails the studio's administrators in the studio's language, or its contact email alone when it has one", async () => {
    const second = await createMember(tenant.accountId, "administrator");
    const { card } = await buyGiftCard(tenant, buyer, { recipientEmail: friend.email });
    await orderPaidByCard(tenant, friend, card.id, { amount: 120000, fromCard: 12500 });
    await db.user.update({ where: { id: tenant.admin.userId }, data: { locale: "en" } });
    expect((await payoutRequest(friend, card.id)).status).toBe(200);
    const subject = new RegExp(`^Ønske om udbetaling: gavekort ····${card.codeLast4}$`);
    const [toAdmin] = await waitForEmailsAbout(tenant.admin.email, subject);
    await waitForEmailsAbout(second.email, subject);
    expect(toAdmin!.text).toMatch(new RegExp(`Maja ønsker 375,00\\skr\\. på gavekort ····${card.codeLast4} udbetalt`));
    expect(toAdmin!.text).toContain("375,00");
    expect(toAdmin!.text).toContain(`/dashboard/gift-cards/${card.id}`);

    const contact = `kontakt-${card.codeLast4.toLowerCase()}-${Date.now()}@studio.example`;
    await db.account.update({ where: { id: tenant.accountId }, data: { contactEmail: contact } });
    const other = await buyGiftCard(tenant, buyer);
    expect((await payoutRequest(buyer, other.card.id)).status).toBe(200);
    const otherSubject = new RegExp(`^Ønske om udbetaling: gavekort ····${other.card.codeLast4}$`);
    const [toContact] = await waitForEmailsAbout(contact, otherSubject);
    expect(toContact!.text).toContain("500,00");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = readOutbox().filter((email) => otherSubject.test(email.subject));
    expect(sent.map((email) => email.to)).toEqual([contact]);
  });

  it("answers 404 to the buyer of a card sent to someone else, to a stranger and in another studio", async () => {
    const forFriend = await buyGiftCard(tenant, buyer, { recipientEmail: friend.email });
    expect((await payoutRequest(buyer, forFriend.card.id)).status).toBe(404);
    const stranger = await createMember(tenant.accountId, "attendee");
    expect((await payoutRequest(stranger, forFriend.card.id)).status).toBe(404);
    const other = await createTenant();
    const elsewhere = await createMember(other.accountId, "attendee", { email: friend.email });
    expect((await payoutRequest(elsewhere, forFriend.card.id)).status).toBe(404);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: forFriend.card.id } })).toMatchObject({
      payoutRequestedAt: null,
    });
  });

  it("takes an expired card's expired amount within 12 months; 409 after them, and 409 when nothing is left", async () => {
    const recent = await buyGiftCard(tenant, buyer);
    await expireGiftCard(tenant, recent.card.id, 30);
    expect((await payoutRequest(buyer, recent.card.id)).status).toBe(200);

    const old = await buyGiftCard(tenant, buyer);
    await expireGiftCard(tenant, old.card.id, 400);
    const late = await payoutRequest(buyer, old.card.id);
    expect(late).toMatchObject({ status: 409, body: { error: "Gift card can no longer be paid out" } });

    const spent = await buyGiftCard(tenant, buyer, { amount: 20000 });
    await orderPaidByCard(tenant, buyer, spent.card.id, { amount: 20000, fromCard: 20000 });
    const empty = await payoutRequest(buyer, spent.card.id);
    expect(empty).toMatchObject({ status: 409, body: { error: "Gift card has no balance left" } });
  });
});
