// Receipts of gift cards (issue 47 §4, decision 0051): a card's sale carries no VAT and says it is
// settled when the card is spent; an order a card paid for in part or whole carries its product's VAT
// on the whole amount and names the card's part ("Betalt med gavekort ····ABCD") and the rest's way;
// its credit note likewise, the provider's part back first.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { issueGiftCard } from "@/lib/gift-cards/gift-card-ledger";
import { renderReceiptEmail } from "@/lib/email/templates/receipt-email";
import { getCreditNoteFactsOrThrow, getReceiptFactsOrThrow } from "@/lib/receipts/get-receipt-facts";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { renderReceiptPdf } from "@/lib/receipts/render-receipt-pdf";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { pdfText } from "@/tests/helpers/pdf";

let tenant: TestTenant;
let buyer: TestMember;
type Product = { id: string; prices: { id: string }[] };

const tx = <T>(fn: (tx: TenantTx) => Promise<T>): Promise<T> => tenantDb(tenant.accountId).$transaction(fn);

beforeEach(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Åse Ærø" });
  const legal = { name: "Solsikke Yoga ApS", vatNumber: "DK12345678", vatRate: 25 };
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { legal } })).status).toBe(200);
});

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", { token: tenant.admin.token, body: { status: "active", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A paid order with its receipt issued as payment issues it (the checkout cannot spend a card on this branch yet). */
async function paidOrder(
  p: Product,
  amount: number,
  extra: { provider?: string; giftCardId?: string; giftCardAmount?: number } = {},
) {
  return tx(async (tx) => {
    const receipt = await issueReceipt(tx, { accountId: tenant.accountId, amount, productId: p.id });
    return tx.order.create({
      data: {
        accountId: tenant.accountId,
        userId: buyer.userId,
        productId: p.id,
        priceId: p.prices[0]!.id,
        amount,
        currency: "DKK",
        status: "paid",
        provider: extra.provider ?? "stripe",
        paidAt: new Date("2026-03-02T09:00:00Z"),
        ...receipt,
        ...(extra.giftCardId ? { giftCardId: extra.giftCardId, giftCardAmount: extra.giftCardAmount } : {}),
      },
    });
  });
}

async function giftCard(amount: number) {
  const cards = await product({ type: "gift_card", name: "Gavekort", prices: [{ amount, currency: "DKK" }] });
  const order = await paidOrder(cards, amount);
  const { card } = await tx((tx) =>
    issueGiftCard(tx, {
      accountId: tenant.accountId,
      orderId: order.id,
      amount,
      currency: "DKK",
      validityMonths: 36,
      timezone: "Europe/Copenhagen",
      at: new Date("2026-03-02T09:00:00Z"),
      giftCardFor: { recipientName: "Ida", recipientEmail: null, message: null, deliverOn: "2026-03-02" },
    }),
  );
  return { order, card };
}

async function receiptText(orderId: string) {
  const response = await api("GET", `/orders/${orderId}/receipt`, { token: tenant.admin.token });
  expect(response.status).toBe(200);
  return pdfText(response.bytes);
}

const pass = () =>
  product({
    type: "class_pass",
    classAllowance: 10,
    name: "Ti klip",
    vatRate: 25,
    prices: [{ amount: 125000, currency: "DKK" }],
  });

describe("gift card receipts", () => {
  it("sells a card without VAT, its receipt saying VAT is settled when it is spent; the order's wire says no VAT", async () => {
    const { order } = await giftCard(50000);
    expect(order).toMatchObject({ vatRateBasisPoints: null, vatAmount: null });
    const listed = await api("GET", "/orders", { token: tenant.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.find((o: { id: string }) => o.id === order.id)).toMatchObject({
      vatRate: null,
      vatAmount: null,
    });
    const text = await receiptText(order.id);
    expect(text).toContain("Gavekort — moms afregnes ved indløsning");
    expect(text).toContain("I alt 500,00 kr.");
    expect(text).not.toContain("Heraf moms");
    expect(text).not.toContain("Der er ikke beregnet moms");
    const email = await renderReceiptEmail({
      facts: await getReceiptFactsOrThrow({ db: tenantDb(tenant.accountId), orderId: order.id }),
      studioName: "Solsikke Yoga",
      appUrl: "http://localhost",
    });
    expect(email.text).toContain("Gavekort — moms afregnes ved indløsning");
  });

  it("in English: Gift card — VAT is settled when it is spent", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const { order } = await giftCard(50000);
    expect(await receiptText(order.id)).toContain("Gift card — VAT is settled when it is spent");
  });

  it("shows a part paid by a card with the product's VAT on the whole amount, and the rest by card", async () => {
    const { card } = await giftCard(50000);
    const order = await paidOrder(await pass(), 125000, { giftCardId: card.id, giftCardAmount: 50000 });
    expect(order).toMatchObject({ vatRateBasisPoints: 2500, vatAmount: 25000 });
    const text = await receiptText(order.id);
    for (const expected of [
      "I alt inkl. moms 1.250,00 kr.",
      "Heraf moms (25 %) 250,00 kr.",
      `Betalt med gavekort ····${card.codeLast4} 500,00 kr.`,
      "Betalt med kort 750,00 kr.",
    ])
      expect(text).toContain(expected);
    const email = await renderReceiptEmail({
      facts: await getReceiptFactsOrThrow({ db: tenantDb(tenant.accountId), orderId: order.id }),
      studioName: "Solsikke Yoga",
      appUrl: "http://localhost",
    });
    expect(email.text.replace(/\u00a0/g, " ")).toContain(`Heraf er 500,00 kr. betalt med gavekort ····${card.codeLast4}.`);
  });

  it("shows an order wholly paid by a card with the card's line only, and the exemption of exempt teaching", async () => {
    const { card } = await giftCard(50000);
    const dance = await product({
      type: "drop_in",
      name: "Dansetime",
      vatRate: 0,
      prices: [{ amount: 20000, currency: "DKK" }],
    });
    const order = await paidOrder(dance, 20000, { provider: "gift_card", giftCardId: card.id, giftCardAmount: 20000 });
    const text = await receiptText(order.id);
    expect(text).toContain("Momsfritaget undervisning");
    expect(text).toContain(`Betalt med gavekort ····${card.codeLast4} 200,00 kr.`);
    expect(text).not.toContain("Betalt med kort");
  });

  it("credits a refund of such an order by card first, then back to the gift card", async () => {
    const { card } = await giftCard(50000);
    const order = await paidOrder(await pass(), 125000, { giftCardId: card.id, giftCardAmount: 50000 });
    const refund = (amount: number, vatAmount: number, creditNoteNumber: number, at: string) =>
      db.refund.create({
        data: {
          accountId: tenant.accountId,
          orderId: order.id,
          amount,
          vatAmount,
          creditNoteNumber,
          refundedAt: new Date(at),
        },
      });
    const first = await refund(50000, 10000, 1, "2026-03-03T09:00:00Z"); // within the 750 kr. paid by card
    const second = await refund(50000, 10000, 2, "2026-03-04T09:00:00Z"); // 250 kr. by card, 250 kr. to the gift card
    const db_ = tenantDb(tenant.accountId);
    const one = await pdfText(await renderReceiptPdf(await getCreditNoteFactsOrThrow({ db: db_, refundId: first.id })));
    expect(one).toContain("Kreditnota");
    expect(one).not.toContain("gavekort");
    const two = await pdfText(
      await renderReceiptPdf(await getCreditNoteFactsOrThrow({ db: db_, refundId: second.id })),
    );
    expect(two).toContain(`Tilbage på gavekort ····${card.codeLast4} -250,00 kr.`);
    expect(two).toContain("Tilbage på kortet -250,00 kr.");
    expect(two).toContain("Heraf moms (25 %) -100,00 kr.");
  });
});
