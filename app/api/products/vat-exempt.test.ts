// VAT-exempt products (issue 34 §2, decision 0041): a product's `vatRate` is 25 (the studio's rate
// from its legal settings) or 0 (momsfritaget undervisning); the order freezes it, receipts, credit
// notes and the payment email of an exempt sale say so instead of a VAT line, and GET /admin/summary
// and the orders CSV split revenue by VAT rate.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { pdfText } from "@/tests/helpers/pdf";

let tenant: TestTenant;
let buyer: TestMember;

type Product = { id: string; vatRate: number; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant({ name: "Dansestudiet" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Åse Ærø" });
  const legal = await api("PATCH", "/account", {
    token: tenant.admin.token,
    body: { legal: { name: "Dansestudiet ApS", vatNumber: "DK12345678", vatRate: 25 } },
  });
  expect(legal.status, JSON.stringify(legal.body)).toBe(200);
});

async function product(body: Record<string, unknown> = {}, amount = 12500): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 10,
      name: "Ti dansetimer",
      status: "active",
      prices: [{ amount, currency: "DKK" }],
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

async function buy(p: Product) {
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

describe("vatRate on products", () => {
  it("defaults to 25 (the studio's rate), takes 0 on create and update, and refuses other rates", async () => {
    const standard = await product();
    expect(standard.vatRate).toBe(25);
    const exempt = await product({ vatRate: 0 });
    expect(exempt.vatRate).toBe(0);
    const listed = await api("GET", "/products", { token: tenant.admin.token });
    expect(listed.body.map((p: Product) => [p.id, p.vatRate])).toEqual(
      expect.arrayContaining([
        [standard.id, 25],
        [exempt.id, 0],
      ]),
    );

    const patched = await api("PATCH", `/products/${standard.id}`, { token: tenant.admin.token, body: { vatRate: 0 } });
    expect(patched).toMatchObject({ status: 200, body: { vatRate: 0 } });
    const back = await api("PATCH", `/products/${standard.id}`, { token: tenant.admin.token, body: { vatRate: 25 } });
    expect(back).toMatchObject({ status: 200, body: { vatRate: 25 } });
    const untouched = await api("PATCH", `/products/${standard.id}`, { token: tenant.admin.token, body: { name: "Ti" } });
    expect(untouched.body.vatRate).toBe(25);

    for (const vatRate of [12.5, "0", null]) {
      const refused = await api("POST", "/products", {
        token: tenant.admin.token,
        body: { type: "drop_in", name: "X", prices: [{ amount: 100, currency: "DKK" }], vatRate },
      });
      expect(refused.status, String(vatRate)).toBe(400);
      expect(refused.body.details[0].path).toBe("vatRate");
    }
  });
});

describe("an exempt sale", () => {
  it("quotes and freezes VAT 0 on the order, while a standard product carries the studio's 25 %", async () => {
    const exempt = await product({ vatRate: 0 });
    const quote = await api("POST", "/checkout/quote", {
      token: buyer.token,
      body: { productId: exempt.id, priceId: exempt.prices[0]!.id },
    });
    expect(quote).toMatchObject({ status: 200, body: { total: 12500, vatAmount: 0 } });

    expect(await buy(exempt)).toMatchObject({ amount: 12500, vatRate: 0, vatAmount: 0 });
    expect(await buy(await product())).toMatchObject({ amount: 12500, vatRate: 25, vatAmount: 2500 });

    // A later change of the product leaves the paid order as it was.
    await api("PATCH", `/products/${exempt.id}`, { token: tenant.admin.token, body: { vatRate: 25 } });
    const mine = await api("GET", "/me/orders", { token: buyer.token });
    expect(mine.body.map((o: { vatRate: number }) => o.vatRate).sort()).toEqual([0, 25]);
  });

  it("says on the receipt, the credit note and the payment email that it is exempt, with no VAT line", async () => {
    const order = await buy(await product({ vatRate: 0 }));
    const receipt = await pdfText((await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token })).bytes);
    expect(receipt).toContain("Momsfritaget undervisning");
    expect(receipt).toContain("I alt 125,00 kr.");
    expect(receipt).not.toContain("Heraf moms");
    expect(receipt).not.toContain("inkl. moms");

    const [email] = await waitForEmails(buyer.email);
    expect(email!.text).toContain("Købet er momsfritaget undervisning");
    const attached = await pdfText(Buffer.from(email!.attachments![0]!.content, "base64"));
    expect(attached).toContain("Momsfritaget undervisning");

    expect((await api("POST", `/orders/${order.id}/refunds`, { token: tenant.admin.token })).status).toBe(200);
    const credit = await pdfText((await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token })).bytes);
    expect(credit).toContain("Kreditnota");
    expect(credit).toContain("Momsfritaget undervisning");
    expect(credit).not.toContain("Heraf moms");

    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const english = await pdfText((await api("GET", `/orders/${order.id}/receipt`, { token: tenant.admin.token })).bytes);
    expect(english).toContain("VAT-exempt teaching");
  });

  it("keeps the VAT line on a standard sale's receipt and email", async () => {
    const order = await buy(await product());
    const receipt = await pdfText((await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token })).bytes);
    expect(receipt).toContain("Heraf moms (25 %) 25,00 kr.");
    expect(receipt).not.toContain("Momsfritaget");
    const [email] = await waitForEmails(buyer.email);
    expect(email!.text).not.toContain("momsfritaget");
  });
});

describe("revenue split by VAT rate", () => {
  const PAID = new Date("2026-03-03T10:00:00.000Z");
  const period = "from=2026-03-01T00:00:00Z&to=2026-03-08T00:00:00Z";

  it("GET /admin/summary and the orders CSV give each rate its amount and VAT", async () => {
    const exempt = await product({ vatRate: 0 }, 20000);
    const standard = await product({}, 12500);
    const orders = [await buy(exempt), await buy(exempt), await buy(standard)];
    // Paid at a fixed instant (the checkout stamps its own clock).
    await db.order.updateMany({
      where: { id: { in: orders.map((o) => o.id) } },
      data: { paidAt: PAID, createdAt: PAID },
    });

    const summary = await api("GET", `/admin/summary?${period}`, { token: tenant.admin.token });
    expect(summary.status).toBe(200);
    expect(summary.body.revenue).toEqual([{ currency: "DKK", amount: 52500 }]);
    expect(summary.body.revenueByVatRate).toEqual([
      { currency: "DKK", vatRate: 25, amount: 12500, vatAmount: 2500 },
      { currency: "DKK", vatRate: 0, amount: 40000, vatAmount: 0 },
    ]);

    const csv = await api("GET", `/exports/orders.csv?${period}`, { token: tenant.admin.token });
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text);
    const header = rows[0]!;
    const vat = rows.slice(1).map((row) => [row[header.indexOf("amount")], row[header.indexOf("vatRate")], row[header.indexOf("vatAmount")]]);
    expect(vat.sort()).toEqual([
      ["12500", "25", "2500"],
      ["20000", "0", "0"],
      ["20000", "0", "0"],
    ]);
  });
});
