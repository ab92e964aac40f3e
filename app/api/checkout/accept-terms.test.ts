// `acceptTerms` at checkout (issue 46 §3): once a studio has published terms of sale, an online buyer
// must accept them, and the order keeps the version accepted; a studio without terms sells as before.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";

let tenant: TestTenant;
let buyer: TestMember;
let pass: { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "10 klip",
      type: "class_pass",
      classAllowance: 10,
      status: "active",
      prices: [{ amount: 120000, currency: "DKK" }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  pass = created.body;
});

const publish = (da: string, studio = tenant) =>
  api("PUT", "/account/terms", { token: studio.admin.token, body: { da } });
const checkout = (extra: Record<string, unknown> = {}, path = "/checkout") =>
  api("POST", path, { token: buyer.token, body: { productId: pass.id, priceId: pass.prices[0]!.id, ...extra } });
const ordersOfBuyer = () => db.order.count({ where: { userId: buyer.userId } });

describe("acceptTerms at checkout", () => {
  it("is not needed while the studio has published no terms (another studio's do not count)", async () => {
    await publish("Et andet studies vilkår", await createTenant());
    const bought = await checkout();
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.order.termsVersion).toBeNull();
  });

  it("refuses a purchase without the terms accepted once the studio has them, and writes nothing", async () => {
    await publish("# Handelsbetingelser");
    for (const extra of [{}, { acceptTerms: false }]) {
      const refused = await checkout(extra);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: "Validation failed",
        details: [{ path: "acceptTerms", code: "terms_not_accepted", message: expect.any(String) }],
      });
    }
    expect(await ordersOfBuyer()).toBe(0);
    expect((await checkout({ acceptTerms: "yes" })).body.details[0]).toMatchObject({
      path: "acceptTerms",
      code: "invalid_type",
    });
  });

  it("keeps on each order the version in force when it was bought, as the order lists show", async () => {
    await publish("Første udgave");
    const first = await checkout({ acceptTerms: true });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.order.termsVersion).toBe(1);
    await publish("Anden udgave");
    const second = await checkout({ acceptTerms: true });
    expect(second.body.order.termsVersion).toBe(2);

    const listed = await api("GET", "/orders", { token: tenant.admin.token });
    const versions = new Map(
      listed.body.map((order: { id: string; termsVersion: number | null }) => [order.id, order.termsVersion]),
    );
    expect(versions.get(first.body.order.id)).toBe(1);
    expect(versions.get(second.body.order.id)).toBe(2);
  });

  it("is not asked by the quote, which only prices the purchase", async () => {
    await publish("# Handelsbetingelser");
    expect((await checkout({}, "/checkout/quote")).status).toBe(200);
    expect((await checkout({ acceptTerms: true }, "/checkout/quote")).status).toBe(200);
  });

  it("is not asked at the desk, whose sale is no distance contract, and its order keeps no version", async () => {
    await publish("# Handelsbetingelser");
    const grant = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const order = await db.order.findFirstOrThrow({ where: { userId: buyer.userId } });
    expect(order.termsVersion).toBeNull();
  });

  it("links, in the receipt email, the version the order was bought under", async () => {
    await publish("Første udgave");
    await publish("Anden udgave");
    expect((await checkout({ acceptTerms: true })).status).toBe(201);
    const [email] = await waitForEmails(buyer.email);
    expect(email!.text).toContain("Købet er omfattet af vores handelsbetingelser, version 2:");
    expect(email!.text).toContain(`/${tenant.slug}/vilkaar?version=2`);
    expect(email!.html).toContain(`/${tenant.slug}/vilkaar?version=2`);
  });

  it("links no terms in the receipt of a studio without them", async () => {
    expect((await checkout()).status).toBe(201);
    const [email] = await waitForEmails(buyer.email);
    expect(email!.text).not.toContain("handelsbetingelser");
  });
});
