import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { buyAction } = await import("./actions");

let tenant: TestTenant;
let buyer: TestMember;
let product: { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
  });
  expect(created.status).toBe(201);
  product = created.body as typeof product;
});

describe("buying on the passes page with a promo code", () => {
  it("charges the price after the code's discount and goes on to My bookings", async () => {
    const code = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: { code: "WELCOME20", percentOff: 20, productIds: [], status: "active" },
    });
    expect(code.status).toBe(201);
    signInAs(buyer.token);
    const address = await redirectOf(
      buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, promoCode: " welcome20 " }),
    );
    expect(address).toBe(`/${tenant.slug}/me?bought=1`);
    const [order] = await db.order.findMany({ where: { userId: buyer.userId } });
    expect(order).toMatchObject({ status: "paid", amount: 12000, discountAmount: 3000 });
  });

  it("says a code that is not valid in the page's words and sells nothing", async () => {
    signInAs(buyer.token);
    const result = await buyAction(tenant.slug, {
      productId: product.id,
      priceId: product.prices[0]!.id,
      promoCode: "NOSUCHCODE",
    });
    expect(result).toEqual({ ok: false, error: "Promo code is not valid", code: "promo_code_invalid" });
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
  });
});

describe("buying from a class: back to it after paying", () => {
  it("returns to the class the member came from, with the purchase noted", async () => {
    signInAs(buyer.token);
    const classPath = `/${tenant.slug}/classes/6f1c2b9e-1d2a-4c1b-9a55-0d3c1e2f4a5b`;
    const address = await redirectOf(
      buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, returnTo: classPath }),
    );
    expect(address).toBe(`${classPath}?bought=1`);
    expect(await db.order.count({ where: { userId: buyer.userId, status: "paid" } })).toBe(1);
  });

  it("never sends the member off the site: an unsafe returnTo goes to My bookings", async () => {
    signInAs(buyer.token);
    for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example", "classes/1"]) {
      const address = await redirectOf(
        buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, returnTo }),
      );
      expect(address, returnTo).toBe(`/${tenant.slug}/me?bought=1`);
    }
  });
});
