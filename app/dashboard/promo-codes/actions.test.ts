import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createPromoCodeAction, setPromoCodeStatusAction } = await import("./actions");

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant({ timezone: "Europe/Copenhagen" });
});

describe("the promo codes page", () => {
  it("creates a percentage code, valid through the last day chosen in the studio's time", async () => {
    signInAs(tenant.admin.token);
    const state = await createPromoCodeAction(
      formData({
        code: "Sommer25",
        kind: "percent",
        discount: "25",
        maxRedemptions: "50",
        validUntil: "2026-08-31",
        firstPurchaseOnly: "on",
      }),
    );
    expect(state).toEqual({ ok: true, message: "Code Sommer25 created." });
    const [code] = await db.promoCode.findMany({ where: { accountId: tenant.accountId } });
    expect(code).toMatchObject({
      code: "Sommer25",
      percentOff: 25,
      amountOff: null,
      maxRedemptions: 50,
      firstPurchaseOnly: true,
      productIds: [],
      status: "active",
      // 31 August ends at midnight in Copenhagen (UTC+2 in summer): 21:59:59 UTC.
      validUntil: new Date("2026-08-31T21:59:59Z"),
    });
  });

  it("creates an amount off in the studio's currency from the amount as typed", async () => {
    signInAs(tenant.admin.token);
    const state = await createPromoCodeAction(formData({ code: "FIFTY", kind: "amount", discount: "49.50" }));
    expect(state.ok).toBe(true);
    const [code] = await db.promoCode.findMany({ where: { accountId: tenant.accountId } });
    expect(code).toMatchObject({
      amountOff: 4950,
      currency: "DKK",
      percentOff: null,
      maxRedemptions: null,
      validUntil: null,
    });
  });

  it("answers a bad discount or a code taken already by field or message, and creates nothing more", async () => {
    signInAs(tenant.admin.token);
    expect(await createPromoCodeAction(formData({ code: "X1", kind: "percent", discount: "150" }))).toMatchObject({
      ok: false,
      fieldErrors: { discount: "Enter a whole percent from 1 to 100" },
    });
    expect(await createPromoCodeAction(formData({ code: "X1", kind: "percent", discount: "lots" }))).toMatchObject({
      ok: false,
      fieldErrors: { discount: "Enter a whole percent from 1 to 100" },
    });
    expect((await createPromoCodeAction(formData({ code: "TAKEN", kind: "percent", discount: "10" }))).ok).toBe(true);
    expect(await createPromoCodeAction(formData({ code: "taken", kind: "percent", discount: "20" }))).toEqual({
      ok: false,
      error: "Promo code already exists",
    });
    expect(await db.promoCode.count({ where: { accountId: tenant.accountId } })).toBe(1);
  });

  it("deactivates a code, which checkout then refuses, and activates it again", async () => {
    signInAs(tenant.admin.token);
    await createPromoCodeAction(formData({ code: "PAUSE", kind: "percent", discount: "10" }));
    const [code] = await db.promoCode.findMany({ where: { accountId: tenant.accountId } });
    expect(await setPromoCodeStatusAction(formData({ promoCodeId: code!.id, status: "inactive" }))).toEqual({
      ok: true,
      message: "Saved.",
    });
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
    });
    const buyer = await createMember(tenant.accountId, "attendee");
    const body = { productId: product.body.id, priceId: product.body.prices[0].id, promoCode: "pause" };
    expect(await api("POST", "/checkout", { token: buyer.token, body })).toMatchObject({
      status: 409,
      body: { error: "Promo code is not valid" },
    });
    await setPromoCodeStatusAction(formData({ promoCodeId: code!.id, status: "active" }));
    expect((await api("POST", "/checkout", { token: buyer.token, body })).status).toBe(201);
  });

  it("belong to administrators: a teacher is sent to their home", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    signInAs(teacher.token);
    await expect(createPromoCodeAction(formData({ code: "NOPE", kind: "percent", discount: "10" }))).rejects.toThrow(
      /NEXT_REDIRECT/,
    );
    expect(await db.promoCode.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});
