// GET /exports/journal.csv's gift cards (issue 47 §4, decision 0051): a card's sale is owed, not sold
// (the liability, no VAT); spending a card is the sale of what it buys with that product's VAT, the
// debit split between the provider's clearing account and the liability; refunds give the provider's
// part back first; expiry (income without VAT), its reversal and a payout are lines of their own.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { issueGiftCard, moveGiftCardBalance } from "@/lib/gift-cards/gift-card-ledger";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let buyer: TestMember;
const ids: Record<string, string> = {};
const last4: Record<string, string> = {};
let receipt = 500;

type Product = { id: string; prices: { id: string }[] };

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { status: "active", ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A paid order as the checkout writes one (which cannot spend a card on this branch yet). */
async function paidOrder(
  p: Product,
  data: { amount: number; paidAt: string; provider?: string; vat?: [number | null, number | null] } & Partial<{
    giftCardId: string;
    giftCardAmount: number;
  }>,
) {
  const [vatRateBasisPoints, vatAmount] = data.vat ?? [null, null];
  return db.order.create({
    data: {
      accountId: tenant.accountId,
      userId: buyer.userId,
      productId: p.id,
      priceId: p.prices[0]!.id,
      amount: data.amount,
      currency: "DKK",
      status: "paid",
      provider: data.provider ?? "stripe",
      paidAt: new Date(data.paidAt),
      createdAt: new Date(data.paidAt),
      receiptNumber: receipt++,
      vatRateBasisPoints,
      vatAmount,
      ...(data.giftCardId ? { giftCardId: data.giftCardId, giftCardAmount: data.giftCardAmount } : {}),
    },
  });
}

const tx = <T>(fn: (t: TenantTx) => Promise<T>): Promise<T> => tenantDb(tenant.accountId).$transaction(fn);

async function sellCard(card: Product, amount: number, paidAt: string, name: string) {
  const order = await paidOrder(card, { amount, paidAt });
  const { card: issued } = await tx((t) =>
    issueGiftCard(t, {
      accountId: tenant.accountId,
      orderId: order.id,
      amount,
      currency: "DKK",
      validityMonths: 36,
      timezone: "Europe/Copenhagen",
      at: new Date(paidAt),
      giftCardFor: { recipientName: name, recipientEmail: null, message: null, deliverOn: paidAt.slice(0, 10) },
    }),
  );
  last4[name] = issued.codeLast4;
  return { order, card: issued };
}

const move = (
  card: { id: string; accountId: string },
  kind: "redeem" | "refund" | "expire" | "cash_out",
  amount: number,
  at: string,
  orderId?: string,
) =>
  tx(async (t) => {
    const moved = await moveGiftCardBalance(t, card, { kind, amount, at: new Date(at), orderId });
    expect(moved).not.toBeNull();
    return moved!;
  });

beforeAll(async () => {
  tenant = await createTenant({ name: "Gavekortstudiet" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Bo Bæk" });
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } })).status).toBe(
    200,
  );
  const giftCard = await product({ type: "gift_card", name: "Gavekort", prices: [{ amount: 50000, currency: "DKK" }] });
  const pass = await product({
    type: "class_pass",
    name: "Klippekort",
    classAllowance: 10,
    vatRate: 25,
    prices: [{ amount: 125000, currency: "DKK" }],
  });
  const dance = await product({
    type: "drop_in",
    name: "Dansetime",
    vatRate: 0,
    prices: [{ amount: 20000, currency: "DKK" }],
  });

  // Sold on 2 March: 500 kr. for Ida, 1.000 kr. for Ole, 300 kr. for Per.
  const ida = await sellCard(giftCard, 50000, "2026-03-02T09:00:00Z", "Ida");
  ids.idaSale = ida.order.id;
  const ole = await sellCard(giftCard, 100000, "2026-03-02T10:00:00Z", "Ole");
  const per = await sellCard(giftCard, 30000, "2026-03-02T11:00:00Z", "Per");

  // 3 March: Ida's 500 kr. pays part of a 1.250 kr. class pass (25 % VAT: 250 kr.), the rest by card.
  const split = await paidOrder(pass, {
    amount: 125000,
    paidAt: "2026-03-03T09:00:00Z",
    vat: [2500, 25000],
    giftCardId: ida.card.id,
    giftCardAmount: 50000,
  });
  ids.split = split.id;
  await move(ida.card, "redeem", -50000, "2026-03-03T09:00:00Z", split.id);
  // 4 March: Ole's card pays a whole 200 kr. dance class (exempt teaching).
  const whole = await paidOrder(dance, {
    amount: 20000,
    paidAt: "2026-03-04T09:00:00Z",
    provider: "gift_card",
    vat: [0, 0],
    giftCardId: ole.card.id,
    giftCardAmount: 20000,
  });
  ids.whole = whole.id;
  await move(ole.card, "redeem", -20000, "2026-03-04T09:00:00Z", whole.id);

  // 5 March: 1.000 kr. of the class pass refunded: its 750 kr. by card first, then 250 kr. back to Ida's card.
  await db.refund.create({
    data: {
      accountId: tenant.accountId,
      orderId: split.id,
      amount: 100000,
      vatAmount: 20000,
      creditNoteNumber: 1,
      refundedAt: new Date("2026-03-05T09:00:00Z"),
    },
  });
  await move(ida.card, "refund", 25000, "2026-03-05T09:00:00Z", split.id);
  // 6 March: Per's card expires with its 300 kr.; Ole is paid out 100 kr. of his.
  await move(per.card, "expire", -30000, "2026-03-06T22:59:59Z");
  await move(ole.card, "cash_out", -10000, "2026-03-06T12:00:00Z");
  // 7 March: Per asks for 120 kr. paid out: the expiry reversed for it, then the payout.
  await move(per.card, "expire", 12000, "2026-03-07T10:00:00Z");
  await move(per.card, "cash_out", -12000, "2026-03-07T10:00:00Z");
  // 8 March, outside the period: the rest of Ole's card expires.
  await move(ole.card, "expire", -70000, "2026-03-08T10:00:00Z");
});

async function journal() {
  const response = await api("GET", "/exports/journal.csv?from=2026-03-01&to=2026-03-07", {
    token: tenant.admin.token,
  });
  expect(response.status, response.text).toBe(200);
  const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ""));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

const columns = (row: Record<string, string>) => [
  row.kind,
  row.date,
  row.amount,
  row.vatRate,
  row.vatAmount,
  row.paymentMethod,
  row.account,
  row.contraAccount,
  row.vatAccount,
];

describe("GET /exports/journal.csv with gift cards", () => {
  it("books a card's sale on the liability without VAT, and spending it as the sale of what it buys", async () => {
    const rows = await journal();
    expect(rows.filter((row) => row.kind === "gift_card_sale").map(columns)).toEqual([
      ["gift_card_sale", "2026-03-02", "500", "", "", "card", "55000", "63030", ""],
      ["gift_card_sale", "2026-03-02", "1000", "", "", "card", "55000", "63030", ""],
      ["gift_card_sale", "2026-03-02", "300", "", "", "card", "55000", "63030", ""],
    ]);
    expect(rows.find((row) => row.orderId === ids.idaSale)).toMatchObject({
      text: expect.stringMatching(/: Gavekort$/),
    });
    // The class pass: 750 kr. from the card clearing account, 500 kr. from the liability, VAT 150 + 100 kr.
    expect(rows.filter((row) => row.orderId === ids.split && row.kind === "sale").map(columns)).toEqual([
      ["sale", "2026-03-03", "750", "25", "150", "card", "55000", "1000", "61100"],
      ["sale", "2026-03-03", "500", "25", "100", "gift_card", "63030", "1000", "61100"],
    ]);
    // Wholly by a card: one line from the liability, exempt teaching.
    expect(rows.filter((row) => row.orderId === ids.whole).map(columns)).toEqual([
      ["sale", "2026-03-04", "200", "0", "0", "gift_card", "63030", "1050", ""],
    ]);
  });

  it("refunds the provider's part first, then the card's back to the liability, with their VAT", async () => {
    const rows = await journal();
    expect(rows.filter((row) => row.kind === "refund").map(columns)).toEqual([
      ["refund", "2026-03-05", "-750", "25", "-150", "card", "55000", "1000", "61100"],
      ["refund", "2026-03-05", "-250", "25", "-50", "gift_card", "63030", "1000", "61100"],
    ]);
  });

  it("books expiry as income without VAT, its reversal for a payout, and payouts from the bank, each its own line", async () => {
    const rows = await journal();
    const entries = rows
      .filter((row) => row.kind === "gift_card_expiry" || row.kind === "gift_card_payout")
      .map((row) => [row.text, row.customer, ...columns(row)])
      // by day and kind: a reversal and its payout share an instant
      .sort((a, b) => a[3]!.localeCompare(b[3]!) || a[2]!.localeCompare(b[2]!));
    expect(entries).toEqual([
      [
        `Gavekort ····${last4.Per} udløbet`,
        "Per",
        "gift_card_expiry",
        "2026-03-06",
        "300",
        "",
        "",
        "",
        "63030",
        "1050",
        "",
      ],
      [
        `Gavekort ····${last4.Ole} udbetalt`,
        "Ole",
        "gift_card_payout",
        "2026-03-06",
        "100",
        "",
        "",
        "",
        "63030",
        "55000",
        "",
      ],
      [
        `Udløb af gavekort ····${last4.Per} tilbageført til udbetaling`,
        "Per",
        "gift_card_expiry",
        "2026-03-07",
        "-120",
        "",
        "",
        "",
        "63030",
        "1050",
        "",
      ],
      [
        `Gavekort ····${last4.Per} udbetalt`,
        "Per",
        "gift_card_payout",
        "2026-03-07",
        "120",
        "",
        "",
        "",
        "63030",
        "55000",
        "",
      ],
    ]);
  });

  it("keeps the liability account balanced with the cards' balances: sold less spent, expired and paid out", async () => {
    const rows = await journal();
    let liability = 0; // credit +
    for (const row of rows) {
      const amount = Math.round(Number(row.amount) * 100);
      if (row.contraAccount === "63030") liability += amount;
      if (row.account === "63030") liability -= amount;
    }
    const cards = await db.giftCard.findMany({ where: { accountId: tenant.accountId } });
    // Ole's last 700 kr. expire on 8 March, after the period: still owed at its end.
    expect(liability).toBe(cards.reduce((sum, card) => sum + card.balance, 0) + 70000);
  });

  it("posts to the studio's own gift card account", async () => {
    expect(
      (
        await api("PATCH", "/account/accounting", {
          token: tenant.admin.token,
          body: { accounting: { giftCardLiability: 6810 } },
        })
      ).status,
    ).toBe(200);
    try {
      const rows = await journal();
      expect(rows.find((row) => row.kind === "gift_card_sale")).toMatchObject({ contraAccount: "6810" });
      expect(rows.find((row) => row.paymentMethod === "gift_card")).toMatchObject({ account: "6810" });
      expect(rows.find((row) => row.kind === "gift_card_payout")).toMatchObject({ account: "6810" });
    } finally {
      await db.account.update({ where: { id: tenant.accountId }, data: { giftCardLiability: 63030 } });
    }
  });
});
