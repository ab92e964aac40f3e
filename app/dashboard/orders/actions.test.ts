import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { refundOrderAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

async function paidOrder(owner: TestTenant): Promise<string> {
  const product = await api("POST", "/products", {
    token: owner.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
  });
  const member = await createMember(owner.accountId, "attendee");
  const checkout = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(checkout.status).toBe(201);
  return checkout.body.order.id as string;
}

describe("refund action", () => {
  it("refunds a paid order once through refundOrder", async () => {
    const orderId = await paidOrder(tenant);
    expect(await refundOrderAction(formData({ orderId }))).toEqual({ ok: true, message: "The order is refunded." });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "refunded" });
    expect(await refundOrderAction(formData({ orderId }))).toEqual({ ok: false, error: "Order cannot be refunded" });
  });

  it("keeps the optional reason with the order, and refuses one too long", async () => {
    const orderId = await paidOrder(tenant);
    expect(await refundOrderAction(formData({ orderId, reason: "x".repeat(501) }))).toMatchObject({
      ok: false,
      fieldErrors: { reason: expect.any(String) },
    });
    expect(await refundOrderAction(formData({ orderId, reason: "  Moved abroad " }))).toMatchObject({ ok: true });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "refunded",
      refundReason: "Moved abroad",
    });
  });

  it("refunds a part typed in kroner with a decimal comma, then the rest", async () => {
    const orderId = await paidOrder(tenant);
    expect(await refundOrderAction(formData({ orderId, amount: "50,50" }))).toEqual({
      ok: true,
      message: "Part of the order is refunded.",
    });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "paid",
      refundedAmount: 5050,
    });
    expect(await refundOrderAction(formData({ orderId, amount: "100,00" }))).toEqual({
      ok: false,
      error: "Refund exceeds what was paid",
    });
    expect(await refundOrderAction(formData({ orderId, amount: "" }))).toMatchObject({ ok: true });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "refunded",
      refundedAmount: 15000,
    });
  });

  it("refuses an amount that is not kroner and øre, or zero, as a field error", async () => {
    const orderId = await paidOrder(tenant);
    for (const amount of ["abc", "0", "10,555"]) {
      expect(await refundOrderAction(formData({ orderId, amount }))).toMatchObject({
        ok: false,
        fieldErrors: { amount: expect.any(String) },
      });
    }
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).refundedAmount).toBe(0);
  });

  it("does not touch another studio's order", async () => {
    const theirs = await paidOrder(await createTenant());
    expect(await refundOrderAction(formData({ orderId: theirs }))).toEqual({ ok: false, error: "Resource not found" });
    expect((await db.order.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("paid");
  });
});
