// GET /admin/summary's gift cards (issue 47 §4, decision 0051): sold in the period, spent in it net of
// refunds to cards, and the balance still owed at its end, expired cards counting nothing, from the
// cards' ledger, of the caller's account only.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { issueGiftCard, moveGiftCardBalance } from "@/lib/gift-cards/gift-card-ledger";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const FROM = "2026-03-01T00:00:00.000Z";
const TO = "2026-03-08T00:00:00.000Z"; // 01.00 on 8 March in Copenhagen
const query = `/admin/summary?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

let tenant: TestTenant;
let other: TestTenant;
let receipt = 900;

async function setUp(t: TestTenant) {
  const response = await api("POST", "/products", {
    token: t.admin.token,
    body: { type: "gift_card", name: "Gavekort", status: "active", prices: [{ amount: 50000, currency: "DKK" }] },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const buyer = await createMember(t.accountId, "attendee");
  const tx = <T>(fn: (tx: TenantTx) => Promise<T>): Promise<T> => tenantDb(t.accountId).$transaction(fn);

  /** A card of `amount` sold at `at` (its paid order as the checkout writes it), valid `validityMonths`. */
  const card = async (amount: number, at: string, validityMonths = 36) => {
    const order = await db.order.create({
      data: {
        accountId: t.accountId,
        userId: buyer.userId,
        productId: response.body.id,
        priceId: response.body.prices[0].id,
        amount,
        currency: "DKK",
        status: "paid",
        provider: "stripe",
        paidAt: new Date(at),
        receiptNumber: receipt++,
      },
    });
    return (
      await tx((tx) =>
        issueGiftCard(tx, {
          accountId: t.accountId,
          orderId: order.id,
          amount,
          currency: "DKK",
          validityMonths,
          timezone: "Europe/Copenhagen",
          at: new Date(at),
          giftCardFor: { recipientName: "Ida", recipientEmail: null, message: null, deliverOn: at.slice(0, 10) },
        }),
      )
    ).card;
  };
  const move = (
    of: { id: string; accountId: string },
    kind: "redeem" | "refund" | "expire",
    amount: number,
    at: string,
  ) => tx(async (tx) => expect(await moveGiftCardBalance(tx, of, { kind, amount, at: new Date(at) })).not.toBeNull());
  return { card, move };
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  const { card, move } = await setUp(tenant);
  // Sold before the period: 200 kr. spent in it, 50 kr. of that refunded back to the card.
  const a = await card(50000, "2026-02-20T10:00:00Z");
  await move(a, "redeem", -20000, "2026-03-03T10:00:00Z");
  await move(a, "refund", 5000, "2026-03-05T10:00:00Z");
  // Sold in the period; spent after it.
  const b = await card(100000, "2026-03-02T10:00:00Z");
  await move(b, "redeem", -30000, "2026-03-09T10:00:00Z");
  // Expired on 1 March, its expiry booked at the end of that day.
  const c = await card(30000, "2025-03-01T10:00:00Z", 12);
  await move(c, "expire", -30000, "2026-03-01T22:59:59Z");
  // Expired at the end of 7 March (the expiry job has not run): owed nothing at `to`.
  await card(20000, "2025-03-07T10:00:00Z", 12);
  // Valid through 8 March, the day `to` falls in: still owed.
  await card(40000, "2025-03-08T10:00:00Z", 12);

  // The other tenant's cards never count here.
  const theirs = await setUp(other);
  const d = await theirs.card(70000, "2026-03-04T10:00:00Z");
  await theirs.move(d, "redeem", -10000, "2026-03-06T10:00:00Z");
});

describe("GET /admin/summary's giftCards", () => {
  it("counts the cards sold, spent net of refunds, and the balance owed at the period's end", async () => {
    const response = await api("GET", query, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.giftCards).toEqual({
      sold: 100000,
      redeemed: 15000,
      outstanding: 35000 + 100000 + 40000,
    });
  });

  it("counts only the caller's account", async () => {
    const response = await api("GET", query, { token: other.admin.token });
    expect(response.body.giftCards).toEqual({ sold: 70000, redeemed: 10000, outstanding: 60000 });
  });

  it("counts the balance at the end of an earlier period, before later spending", async () => {
    const response = await api(
      "GET",
      `/admin/summary?from=${encodeURIComponent("2026-02-01T00:00:00Z")}&to=${encodeURIComponent("2026-03-01T00:00:00Z")}`,
      { token: tenant.admin.token },
    );
    // a (500), c (valid through 1 March), the two cards of 2025 (200 + 400); b not yet sold.
    expect(response.body.giftCards).toEqual({ sold: 50000, redeemed: 0, outstanding: 50000 + 30000 + 20000 + 40000 });
  });
});
