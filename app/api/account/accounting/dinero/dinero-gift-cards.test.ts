// Dinero vouchers of gift cards (issue 47 §4, decision 0051), drained against a fake Dinero: a card's
// sale balances on the liability without VAT; an order a card paid for has a line from the money's
// account and one from the liability, each balanced by sales with the product's VAT; a refund's
// voucher splits that refund as its credit note does, the provider's part first.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enqueueDineroVoucher } from "@/lib/accounting/enqueue-dinero-voucher";
import { sendWaitingDineroVouchers } from "@/lib/accounting/dinero-voucher-jobs";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { issueGiftCard } from "@/lib/gift-cards/gift-card-ledger";
import { holdJobs } from "@/lib/jobs/wake";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { DINERO, useFakeDinero } from "@/tests/helpers/fake-dinero";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

const dinero = useFakeDinero();
const T0 = new Date("2026-03-02T09:00:00.000Z");
const drain = () => sendWaitingDineroVouchers({ now: () => T0 });

let tenant: TestTenant;
let buyer: TestMember;
type Product = { id: string; prices: { id: string }[] };
const tx = <T>(fn: (tx: TenantTx) => Promise<T>): Promise<T> => tenantDb(tenant.accountId).$transaction(fn);

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would; then held: only the test drains
  await holdJobs();
});

beforeEach(async () => {
  dinero.reset();
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } })).status).toBe(
    200,
  );
  const response = await api("PATCH", "/account/accounting/dinero", {
    token: tenant.admin.token,
    body: { dinero: DINERO },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
});

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", { token: tenant.admin.token, body: { status: "active", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A paid order with its receipt and voucher as payment makes them (the checkout cannot spend a card here yet). */
async function paidOrder(p: Product, amount: number, card?: { giftCardId: string; giftCardAmount: number }) {
  return tx(async (tx) => {
    const receipt = await issueReceipt(tx, { accountId: tenant.accountId, amount, productId: p.id });
    const order = await tx.order.create({
      data: {
        accountId: tenant.accountId,
        userId: buyer.userId,
        productId: p.id,
        priceId: p.prices[0]!.id,
        amount,
        currency: "DKK",
        status: "paid",
        provider: "stripe",
        paidAt: T0,
        ...receipt,
        ...card,
      },
    });
    await enqueueDineroVoucher(tx, order, "sale");
    return order;
  });
}

async function sellCard(amount: number) {
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
      at: T0,
      giftCardFor: { recipientName: "Ida", recipientEmail: null, message: null, deliverOn: "2026-03-02" },
    }),
  );
  return { order, card };
}

describe("Dinero vouchers of gift cards", () => {
  it("books a card's sale on the gift cards' liability (63030) without a VAT code", async () => {
    const { order } = await sellCard(50000);
    expect(await drain()).toBe(1);
    expect(dinero.vouchers[0]!.body).toMatchObject({
      ExternalReference: `studio-booking:sale:${order.id}`,
      Lines: [
        expect.objectContaining({
          AccountNumber: 55000,
          BalancingAccountNumber: 63030,
          Amount: 500,
          BalancingAccountVatCode: null,
        }),
      ],
    });
  });

  it("splits an order a card paid for in part: the bank's part and the liability's, both sales with VAT", async () => {
    const { card } = await sellCard(50000);
    const pass = await product({
      type: "class_pass",
      classAllowance: 10,
      name: "Ti klip",
      prices: [{ amount: 125000, currency: "DKK" }],
    });
    const order = await paidOrder(pass, 125000, { giftCardId: card.id, giftCardAmount: 50000 });
    expect(await drain()).toBe(2);
    const voucher = dinero.vouchers.find((v) => v.body.ExternalReference === `studio-booking:sale:${order.id}`)!;
    expect(voucher.body.Lines).toEqual([
      expect.objectContaining({
        AccountNumber: 55000,
        BalancingAccountNumber: 1000,
        Amount: 750,
        BalancingAccountVatCode: "U25",
      }),
      expect.objectContaining({
        AccountNumber: 63030,
        BalancingAccountNumber: 1000,
        Amount: 500,
        BalancingAccountVatCode: "U25",
      }),
    ]);

    // 1.000 kr. refunded: 750 kr. by card first, 250 kr. back to the gift card.
    const refund = await tx(async (tx) => {
      const refund = await tx.refund.create({
        data: {
          accountId: tenant.accountId,
          orderId: order.id,
          amount: 100000,
          vatAmount: 20000,
          creditNoteNumber: 1,
          refundedAt: new Date("2026-03-03T09:00:00Z"),
        },
      });
      await enqueueDineroVoucher(tx, order, "refund", refund);
      return refund;
    });
    expect(await drain()).toBe(1);
    const credit = dinero.vouchers.find((v) => v.body.ExternalReference === `studio-booking:refund:${refund.id}`)!;
    expect(credit.body.Lines).toEqual([
      expect.objectContaining({ AccountNumber: 55000, BalancingAccountNumber: 1000, Amount: -750 }),
      expect.objectContaining({ AccountNumber: 63030, BalancingAccountNumber: 1000, Amount: -250 }),
    ]);
    expect(await db.dineroVoucher.count({ where: { accountId: tenant.accountId, status: "sent" } })).toBe(3);
  });
});
