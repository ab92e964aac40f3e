import { describe, expect, it } from "vitest";
import { startCheckout } from "@/lib/commerce/start-checkout";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { connectStudio, useFakeStripe } from "@/tests/helpers/stripe";

const stripe = useFakeStripe();

describe("POST /checkout/quote with the Stripe provider", () => {
  it("answers 409 while the studio cannot take payments, then the price POST /checkout charges", async () => {
    const tenant = await createTenant();
    const buyer = await createMember(tenant.accountId, "attendee");
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
    });
    const input = { productId: created.body.id, priceId: created.body.prices[0].id };
    const notSetUp = { status: 409, body: { error: "Payments are not set up for this studio" } };
    expect(await api("POST", "/checkout/quote", { token: buyer.token, body: input })).toMatchObject(notSetUp);
    expect(await api("POST", "/checkout", { token: buyer.token, body: input })).toMatchObject(notSetUp);

    await connectStudio(tenant);
    const quoted = await api("POST", "/checkout/quote", { token: buyer.token, body: input });
    expect(quoted).toMatchObject({ status: 200, body: { amount: 15000, total: 15000, discountAmount: 0 } });
    const bought = await api("POST", "/checkout", { token: buyer.token, body: input });
    expect(bought).toMatchObject({ status: 201, body: { order: { amount: quoted.body.total, status: "pending" } } });
  });
});

describe("Stripe Checkout's return", () => {
  it("brings the buyer back to the page they bought from (the class), else the home page", async () => {
    const tenant = await createTenant();
    const buyer = await createMember(tenant.accountId, "attendee");
    await connectStudio(tenant);
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
    });
    const input = { productId: created.body.id, priceId: created.body.prices[0].id };
    const sessionForms = () =>
      stripe.fake.requests.filter((request) => request.path === "/v1/checkout/sessions").map((request) => request.form);

    const classPath = `/${tenant.slug}/classes/abc`;
    const fromClass = await startCheckout({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      callerId: buyer.userId,
      input,
      returnPath: classPath,
    });
    const viaApi = await api("POST", "/checkout", { token: buyer.token, body: input });
    expect(viaApi.status).toBe(201);
    const [first, second] = sessionForms();
    expect(first!.get("success_url")).toBe(
      `http://localhost:3000${classPath}?checkout=success&order=${fromClass.order.id}`,
    );
    expect(first!.get("cancel_url")).toBe(
      `http://localhost:3000${classPath}?checkout=cancelled&order=${fromClass.order.id}`,
    );
    expect(second!.get("success_url")).toBe(`http://localhost:3000/?checkout=success&order=${viaApi.body.order.id}`);
  });
});
