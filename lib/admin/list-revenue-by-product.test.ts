import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { listRevenueByProduct } from "./list-revenue-by-product";

// The summary's revenue per product (issue 17): paid in the period, refunds left out, this studio only.

let tenant: TestTenant;
let other: TestTenant;
const at = (iso: string) => new Date(iso);
const period = { from: at("2026-03-01T00:00:00Z"), to: at("2026-04-01T00:00:00Z") };

async function seller(owner: TestTenant) {
  const buyer = await createMember(owner.accountId, "attendee");
  return async (
    name: string,
    orders: { amount: number; status: string; paidAt: string | null; currency?: string }[],
  ) => {
    const product = await db.product.create({
      data: { accountId: owner.accountId, type: "drop_in", name, status: "active" },
    });
    const price = await db.price.create({
      data: { accountId: owner.accountId, productId: product.id, amount: 1, currency: "DKK" },
    });
    for (const order of orders) {
      await db.order.create({
        data: {
          accountId: owner.accountId,
          userId: buyer.userId,
          productId: product.id,
          priceId: price.id,
          amount: order.amount,
          currency: order.currency ?? "DKK",
          status: order.status,
          provider: "desk",
          createdAt: at("2026-02-20T10:00:00Z"),
          paidAt: order.paidAt ? at(order.paidAt) : null,
          refundedAt: order.status === "refunded" ? at("2026-03-20T10:00:00Z") : null,
        },
      });
    }
    return product.id;
  };
}

let ids: { yoga: string; dance: string };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  const sell = await seller(tenant);
  ids = {
    yoga: await sell("Yoga", [
      { amount: 10000, status: "paid", paidAt: "2026-03-01T00:00:00Z" },
      { amount: 10000, status: "paid", paidAt: "2026-03-31T23:59:59Z" },
      { amount: 10000, status: "refunded", paidAt: "2026-03-10T10:00:00Z" },
      { amount: 10000, status: "paid", paidAt: "2026-04-01T00:00:00Z" },
      { amount: 2500, status: "paid", paidAt: "2026-03-05T10:00:00Z", currency: "EUR" },
    ]),
    dance: await sell("Dance", [
      { amount: 30000, status: "paid", paidAt: "2026-03-15T10:00:00Z" },
      { amount: 5000, status: "pending", paidAt: null },
    ]),
  };
  await sell("Quiet", [{ amount: 10000, status: "failed", paidAt: null }]);
  await (
    await seller(other)
  )("Theirs", [{ amount: 99900, status: "paid", paidAt: "2026-03-15T10:00:00Z" }]);
});

describe("listRevenueByProduct", () => {
  it("sums the orders paid in [from, to) and still paid, per product and currency, largest first", async () => {
    expect(await listRevenueByProduct({ db: tenantDb(tenant.accountId), ...period })).toEqual([
      { productId: ids.dance, name: "Dance", currency: "DKK", amount: 30000, orders: 1 },
      { productId: ids.yoga, name: "Yoga", currency: "DKK", amount: 20000, orders: 2 },
      { productId: ids.yoga, name: "Yoga", currency: "EUR", amount: 2500, orders: 1 },
    ]);
  });

  it("shows another studio only its own", async () => {
    const theirs = await listRevenueByProduct({ db: tenantDb(other.accountId), ...period });
    expect(theirs.map((row) => [row.name, row.amount])).toEqual([["Theirs", 99900]]);
  });

  it("answers nothing for a period without payments", async () => {
    const empty = { from: at("2025-01-01T00:00:00Z"), to: at("2025-02-01T00:00:00Z") };
    expect(await listRevenueByProduct({ db: tenantDb(tenant.accountId), ...empty })).toEqual([]);
  });
});
