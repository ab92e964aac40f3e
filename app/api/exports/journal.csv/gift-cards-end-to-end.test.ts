// Gift cards' books end to end (issue 47 §4, decision 0051): a card bought through POST /checkout,
// then spent through POST /checkout on a class pass with the rest paid by card; the journal, the
// receipt and GET /admin/summary tell the same story. The checkout stamps its own clock: the test
// dates the orders and the card's entries at fixed instants afterwards.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { pdfText } from "@/tests/helpers/pdf";

let tenant: TestTenant;
let buyer: TestMember;
const ids: Record<string, string> = {};
let last4 = "";

async function product(body: Record<string, unknown>) {
  const response = await api("POST", "/products", { token: tenant.admin.token, body: { status: "active", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; prices: { id: string }[] };
}

const checkout = (body: Record<string, unknown>) =>
  api("POST", "/checkout", { token: buyer.token, body, headers: { [CLIENT_ADDRESS_HEADER]: "10.47.200.1" } });

async function dateAt(orderId: string, at: string) {
  await db.order.update({ where: { id: orderId }, data: { paidAt: new Date(at), createdAt: new Date(at) } });
  await db.giftCardEntry.updateMany({ where: { orderId }, data: { at: new Date(at) } });
}

beforeAll(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Åse Ærø" });
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } })).status).toBe(
    200,
  );
  const gift = await product({ type: "gift_card", name: "Gavekort", prices: [{ amount: 50000, currency: "DKK" }] });
  const pass = await product({
    type: "class_pass",
    classAllowance: 10,
    name: "Ti klip",
    prices: [{ amount: 125000, currency: "DKK" }],
  });

  const bought = await checkout({
    productId: gift.id,
    priceId: gift.prices[0]!.id,
    giftCard: { recipientName: "Maja" },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  ids.sale = bought.body.order.id;
  last4 = bought.body.giftCard.last4;
  await dateAt(ids.sale!, "2026-03-02T09:00:00Z");

  const spent = await checkout({
    productId: pass.id,
    priceId: pass.prices[0]!.id,
    giftCardCode: bought.body.giftCard.code,
  });
  expect(spent.status, JSON.stringify(spent.body)).toBe(201);
  expect(spent.body.order).toMatchObject({ status: "paid", amount: 125000, giftCardAmount: 50000, vatAmount: 25000 });
  ids.spent = spent.body.order.id;
  await dateAt(ids.spent!, "2026-03-03T09:00:00Z");
});

describe("a gift card bought and spent through the checkout", () => {
  it("is owed when sold and moved to sales with VAT when spent, in the journal", async () => {
    const response = await api("GET", "/exports/journal.csv?from=2026-03-01&to=2026-03-07", {
      token: tenant.admin.token,
    });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ""));
    const lines = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
    expect(
      lines.map((l) => [l.orderId, l.kind, l.amount, l.vatAmount, l.paymentMethod, l.account, l.contraAccount]),
    ).toEqual([
      [ids.sale, "gift_card_sale", "500", "", "card", "55000", "63030"],
      [ids.spent, "sale", "750", "150", "card", "55000", "1000"],
      [ids.spent, "sale", "500", "100", "gift_card", "63030", "1000"],
    ]);
  });

  it("has receipts without VAT for the card and with the card's part for what it paid", async () => {
    const sale = await api("GET", `/me/orders/${ids.sale}/receipt`, { token: buyer.token });
    expect(await pdfText(sale.bytes)).toContain("Gavekort — moms afregnes ved indløsning");
    const spent = await api("GET", `/me/orders/${ids.spent}/receipt`, { token: buyer.token });
    const text = await pdfText(spent.bytes);
    expect(text).toContain("Heraf moms (25 %) 250,00 kr.");
    expect(text).toContain(`Betalt med gavekort ····${last4} 500,00 kr.`);
    expect(text).toContain("Betalt med kort 750,00 kr.");
  });

  it("counts the card sold, spent and nothing outstanding in the summary", async () => {
    const response = await api("GET", "/admin/summary?from=2026-03-01T00:00:00Z&to=2026-03-08T00:00:00Z", {
      token: tenant.admin.token,
    });
    expect(response.body.giftCards).toEqual({ sold: 50000, redeemed: 50000, outstanding: 0 });
  });
});
