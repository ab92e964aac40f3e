import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { connectStudio, useFakeStripe } from "@/tests/helpers/stripe";

useFakeStripe();

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
