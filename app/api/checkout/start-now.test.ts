// `startNow` at checkout (issue 46 §1, decision 0049): for a product with a right of withdrawal the
// buyer may expressly ask to use it at once; the order records when. Optional and false by default,
// so earlier integrations keep working; ignored for a dated product, which has no right.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let buyer: TestMember;

beforeAll(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

async function product(body: Record<string, unknown>) {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Klippekort", status: "active", prices: [{ amount: 120000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; prices: { id: string }[] };
}

const checkout = (p: { id: string; prices: { id: string }[] }, extra: Record<string, unknown> = {}, path = "/checkout") =>
  api("POST", path, { token: buyer.token, body: { productId: p.id, priceId: p.prices[0]!.id, ...extra } });

describe("startNow at checkout", () => {
  it("records the buyer's request to start at once on a pass with the right, and nothing without it", async () => {
    const pass = await product({ type: "class_pass", classAllowance: 10, purchaseLimitPerUser: null });
    const before = Date.now();
    const asked = await checkout(pass, { startNow: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requestedAt = Date.parse(asked.body.order.startNowRequestedAt);
    expect(requestedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(requestedAt).toBeLessThanOrEqual(Date.now());

    const plain = await checkout(pass);
    expect(plain.status).toBe(201);
    expect(plain.body.order.startNowRequestedAt).toBeNull();

    const listed = await api("GET", "/orders", { token: tenant.admin.token });
    const byId = new Map(listed.body.map((o: { id: string; startNowRequestedAt: string | null }) => [o.id, o.startNowRequestedAt]));
    expect(byId.get(asked.body.order.id)).toBe(asked.body.order.startNowRequestedAt);
    expect(byId.get(plain.body.order.id)).toBeNull();
  });

  it("is ignored for a drop-in, which has no right, and is taken by the quote", async () => {
    const dropIn = await product({ type: "drop_in", name: "Enkelttime" });
    const bought = await checkout(dropIn, { startNow: true });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.order.startNowRequestedAt).toBeNull();

    const quoted = await checkout(dropIn, { startNow: true }, "/checkout/quote");
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  });

  it("refuses a startNow that is not a boolean", async () => {
    const pass = await product({ type: "class_pass", classAllowance: 5, name: "5 klip" });
    const response = await checkout(pass, { startNow: "yes" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });
});
