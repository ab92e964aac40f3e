import LinkHeader from "http-link-header";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

// GET /orders?limit=&cursor= (issue 16 §3): keyset pages, newest first, ties on createdAt by id.

let tenant: TestTenant;
let other: TestTenant;

const INVALID = { status: 400, body: { error: "Validation failed" } };

async function seedOrders(target: TestTenant, count: number) {
  const product = await api("POST", "/products", {
    token: target.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 12000, currency: "DKK" }] },
  });
  expect(product.status).toBe(201);
  const buyer = await createMember(target.accountId, "attendee");
  // three orders share each instant: the id decides between them
  await db.order.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      accountId: target.accountId,
      userId: buyer.userId,
      productId: product.body.id,
      priceId: product.body.prices[0].id,
      amount: 12000,
      currency: "DKK",
      status: "paid",
      provider: "desk",
      createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))),
    })),
  });
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  await seedOrders(tenant, 10);
  await seedOrders(other, 4);
});

function nextOf(response: ApiResponse): string | undefined {
  const header = response.headers.get("link");
  return header ? LinkHeader.parse(header).rel("next")[0]?.uri : undefined;
}

describe("GET /orders pages", () => {
  it("without limit answers the whole list as before, with no Link", async () => {
    const response = await api("GET", "/orders", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(10);
    expect(response.headers.get("link")).toBeNull();
  });

  it("walks every order once, in the unpaged order, following Link rel=next", async () => {
    const all = (await api("GET", "/orders", { token: tenant.admin.token })).body.map((o: { id: string }) => o.id);
    for (const limit of [1, 2, 3, 7, 10, 200]) {
      const seen: string[] = [];
      let path: string | undefined = `/orders?limit=${limit}`;
      while (path) {
        const response = await api("GET", path.replace(/^\/api/, ""), { token: tenant.admin.token });
        expect(response.status).toBe(200);
        expect(response.body.length).toBeLessThanOrEqual(limit);
        seen.push(...response.body.map((o: { id: string }) => o.id));
        path = nextOf(response);
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it("never reaches another account's orders through a cursor", async () => {
    const first = await api("GET", "/orders?limit=2", { token: other.admin.token });
    const next = nextOf(first)!;
    const rest = await api("GET", next.replace(/^\/api/, ""), { token: tenant.admin.token });
    expect(rest.status).toBe(200);
    const theirs = (await api("GET", "/orders", { token: other.admin.token })).body.map((o: { id: string }) => o.id);
    for (const order of rest.body) expect(theirs).not.toContain(order.id);
  });

  it("answers 400 for a bad limit or cursor", async () => {
    for (const query of ["limit=0", "limit=201", "limit=x", "limit=5&cursor=nope", "cursor=WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJ4Il0"]) {
      expect(await api("GET", `/orders?${query}`, { token: tenant.admin.token }), query).toMatchObject(INVALID);
    }
  });

  it("answers an attendee 403", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await api("GET", "/orders?limit=5", { token: attendee.token })).toMatchObject({ status: 403 });
  });
});
