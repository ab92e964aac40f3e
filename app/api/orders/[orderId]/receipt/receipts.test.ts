// Receipts (issue 17 §6): every paid order's receipt number and VAT, and its PDF from
// GET /me/orders/{orderId}/receipt (the buyer) and GET /orders/{orderId}/receipt (an administrator).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { isPdf, pdfText } from "@/tests/helpers/pdf";

let tenant: TestTenant;
let buyer: TestMember;

type Product = { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Åse Ærø" });
});

async function product(admin = tenant.admin, amount = 12500, name = "Ti klip"): Promise<Product> {
  const response = await api("POST", "/products", {
    token: admin.token,
    body: { type: "class_pass", classAllowance: 10, name, status: "active", prices: [{ amount, currency: "DKK" }] },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

async function buy(member: TestMember, p: Product, promoCode?: string) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id, ...(promoCode ? { promoCode } : {}) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

async function setLegal(legal: Record<string, unknown>, admin = tenant.admin) {
  const response = await api("PATCH", "/account", { token: admin.token, body: { legal } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const DANISH_DETAILS = {
  name: "Solsikke Yoga ApS",
  address: "Nørrebrogade 1\n2200 København N",
  vatNumber: "DK12345678",
  vatRate: 25,
};

describe("receipt numbers and VAT on paid orders", () => {
  it("numbers an account's paid orders 1, 2, 3 across checkout, desk grants and free orders; another account starts at 1", async () => {
    const pass = await product();
    const first = await buy(buyer, pass);
    const grant = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const code = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: { code: "GRATIS", status: "active", percentOff: 100 },
    });
    expect(code.status).toBe(201);
    const free = await buy(buyer, pass, "gratis");

    const other = await createTenant();
    const theirs = await buy(await createMember(other.accountId, "attendee"), await product(other.admin));

    const orders = await db.order.findMany({
      where: { accountId: tenant.accountId },
      orderBy: { receiptNumber: "asc" },
    });
    expect(orders.map((o) => [o.provider, o.receiptNumber])).toEqual([
      ["demo", 1],
      ["desk", 2],
      ["demo", 3],
    ]);
    expect([first.receiptNumber, free.receiptNumber, theirs.receiptNumber]).toEqual([1, 3, 1]);
    expect(free).toMatchObject({ amount: 0, status: "paid" });
  });

  it("carries no VAT without a rate, the VAT included at the rate when paid, and keeps it when the rate changes", async () => {
    const pass = await product();
    const before = await buy(buyer, pass);
    expect(before).toMatchObject({ receiptNumber: 1, vatAmount: null, vatRate: null });

    await setLegal({ vatRate: 25 });
    const at25 = await buy(buyer, pass);
    expect(at25).toMatchObject({ receiptNumber: 2, amount: 12500, vatAmount: 2500, vatRate: 25 });

    await setLegal({ vatRate: 12.5 });
    const at12 = await buy(buyer, pass);
    expect(at12).toMatchObject({ receiptNumber: 3, vatAmount: 1389, vatRate: 12.5 });

    const mine = await api("GET", "/me/orders", { token: buyer.token });
    expect(mine.body.map((o: { vatAmount: number | null }) => o.vatAmount)).toEqual([1389, 2500, null]);
  });

  it("gives a rolled-back payment's number back: no gap", async () => {
    const { id: productId } = await product();
    const rolledBack = tenantDb(tenant.accountId).$transaction(async (tx) => {
      expect(await issueReceipt(tx, { accountId: tenant.accountId, amount: 12500, productId })).toMatchObject({
        receiptNumber: 1,
      });
      throw new Error("payment failed after its number was taken");
    });
    await expect(rolledBack).rejects.toThrow("payment failed");
    expect((await buy(buyer, await product())).receiptNumber).toBe(1);
  });

  it("refunding keeps the number; no order takes it again", async () => {
    const pass = await product();
    const { id } = await buy(buyer, pass);
    const refunded = await api("POST", `/orders/${id}/refunds`, { token: tenant.admin.token });
    expect(refunded.body).toMatchObject({ status: "refunded", receiptNumber: 1 });
    expect((await buy(buyer, pass)).receiptNumber).toBe(2);
  });
});

describe("GET /me/orders/{orderId}/receipt and GET /orders/{orderId}/receipt", () => {
  it("answers the buyer a PDF in Danish with the seller, CVR, receipt number, total and moms", async () => {
    await setLegal(DANISH_DETAILS);
    const order = await buy(buyer, await product());

    const response = await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="receipt-1.pdf"');
    expect(isPdf(response.bytes)).toBe(true);
    const text = await pdfText(response.bytes);
    for (const expected of [
      "Kvittering",
      "Solsikke Yoga ApS",
      "Nørrebrogade 1",
      "2200 København N",
      "CVR-nr. DK12345678",
      "Kvitteringsnr.: 1",
      "Åse Ærø",
      "Ti klip",
      "I alt inkl. moms 125,00 kr.",
      "Heraf moms (25 %) 25,00 kr.",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Kreditnota");
  });

  it("is in English for a buyer who chose English, and the administrator gets the same receipt", async () => {
    await setLegal(DANISH_DETAILS);
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const order = await buy(buyer, await product());

    for (const response of [
      await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token }),
      await api("GET", `/orders/${order.id}/receipt`, { token: tenant.admin.token }),
    ]) {
      expect(response.status).toBe(200);
      const text = await pdfText(response.bytes);
      expect(text).toContain("Receipt");
      expect(text).toContain("VAT no. DK12345678");
      expect(text).toContain("Receipt no.: 1");
      expect(text).toContain("VAT included (25%) DKK 25.00");
      expect(text).not.toContain("Kvittering");
    }
  });

  it("gives a studio without legal details a receipt with what it has: its name, no CVR, no moms", async () => {
    const order = await buy(buyer, await product());
    const text = await pdfText((await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token })).bytes);
    expect(text).toContain("Solsikke Yoga");
    expect(text).toContain("Kvitteringsnr.: 1");
    expect(text).toContain("I alt 125,00 kr.");
    expect(text).not.toContain("CVR");
    expect(text).not.toContain("Heraf moms");
  });

  it("makes a refunded order's receipt a credit note", async () => {
    await setLegal(DANISH_DETAILS);
    const order = await buy(buyer, await product());
    expect((await api("POST", `/orders/${order.id}/refunds`, { token: tenant.admin.token })).status).toBe(200);

    const text = await pdfText((await api("GET", `/me/orders/${order.id}/receipt`, { token: buyer.token })).bytes);
    expect(text).toContain("Kreditnota");
    expect(text).toContain("Kreditnota for kvittering nr. 1");
    expect(text).toContain("Krediteret");
    expect(text).toContain("-125,00 kr.");
    expect(text).toContain("-25,00 kr.");

    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const english = await pdfText(
      (await api("GET", `/orders/${order.id}/receipt`, { token: tenant.admin.token })).bytes,
    );
    expect(english).toContain("Credit note");
  });

  it("answers 404 for another person's order, another account's order, a pending order and an unknown id", async () => {
    const order = await buy(buyer, await product());
    const someoneElse = await createMember(tenant.accountId, "attendee");
    const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };
    expect(await api("GET", `/me/orders/${order.id}/receipt`, { token: someoneElse.token })).toMatchObject(NOT_FOUND);

    const other = await createTenant();
    expect(await api("GET", `/orders/${order.id}/receipt`, { token: other.admin.token })).toMatchObject(NOT_FOUND);
    const stranger = await createMember(other.accountId, "attendee");
    expect(await api("GET", `/me/orders/${order.id}/receipt`, { token: stranger.token })).toMatchObject(NOT_FOUND);

    const pass = await db.price.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    const pending = await db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: buyer.userId,
        productId: pass.productId,
        priceId: pass.id,
        amount: 12500,
        currency: "DKK",
        provider: "stripe",
      },
    });
    expect(await api("GET", `/me/orders/${pending.id}/receipt`, { token: buyer.token })).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/orders/${pending.id}/receipt`, { token: tenant.admin.token })).toMatchObject(NOT_FOUND);
    expect(await api("GET", "/orders/unknown/receipt", { token: tenant.admin.token })).toMatchObject(NOT_FOUND);
  });

  it("answers the administrator's receipt 403 to an attendee and both 401 without a session", async () => {
    const order = await buy(buyer, await product());
    expect(await api("GET", `/orders/${order.id}/receipt`, { token: buyer.token })).toMatchObject({ status: 403 });
    expect(await api("GET", `/orders/${order.id}/receipt`)).toMatchObject({ status: 401 });
    expect(await api("GET", `/me/orders/${order.id}/receipt`)).toMatchObject({ status: 401 });
  });
});

describe("the payment email", () => {
  it("is in the buyer's language and carries the receipt as a PDF", async () => {
    await setLegal(DANISH_DETAILS);
    const order = await buy(buyer, await product());

    const [email] = await waitForEmails(buyer.email);
    expect(email).toMatchObject({ locale: "da", subject: "Kvittering fra Solsikke Yoga: Ti klip" });
    expect(email!.text).toContain("Din kvittering nr. 1 er vedhæftet som PDF");
    expect(email!.attachments).toEqual([
      { filename: "receipt-1.pdf", contentType: "application/pdf", encoding: "base64", content: expect.any(String) },
    ]);
    const pdf = Buffer.from(email!.attachments![0]!.content, "base64");
    expect(isPdf(pdf)).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toContain("Kvitteringsnr.: 1");
    expect(text).toContain("Heraf moms (25 %) 25,00 kr.");
    expect(order.receiptNumber).toBe(1);
  });

  it("goes out for a desk sale too, in English to a buyer who reads English", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const pass = await product();
    const grant = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id },
    });
    expect(grant.status).toBe(201);

    const [email] = await waitForEmails(buyer.email);
    expect(email).toMatchObject({ locale: "en", subject: "Receipt from Solsikke Yoga: Ti klip" });
    expect(await pdfText(Buffer.from(email!.attachments![0]!.content, "base64"))).toContain("Receipt no.: 1");
  });
});
