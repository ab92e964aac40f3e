// The payments the member's page waits for, through a real database at a fixed moment: the member's own
// orders opened with MobilePay or Stripe that are still pending, not another member's, not one paid
// meanwhile or opened too long ago, and the one they came back from when it failed.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { AWAITED_FOR_MS, listAwaitedOrders } from "./list-awaited-orders";

const NOW = new Date("2030-03-12T12:00:00.000Z");
const MINUTE = 60_000;

let tenant: TestTenant;
let member: TestMember;
let other: TestMember;
let product: { id: string; priceId: string };

function openOrder(
  userId: string,
  {
    provider = "mobilepay",
    minutesAgo = 1,
    status = "pending",
  }: { provider?: string; minutesAgo?: number; status?: string } = {},
) {
  return db.order.create({
    data: {
      accountId: tenant.accountId,
      userId,
      productId: product.id,
      priceId: product.priceId,
      amount: 49_900,
      currency: "DKK",
      status,
      provider,
      createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE),
    },
  });
}

const awaited = (userId: string, returnedOrderId?: string) =>
  listAwaitedOrders({ db: tenantDb(tenant.accountId), userId, now: NOW, returnedOrderId });

beforeAll(async () => {
  tenant = await createTenant();
  member = await createMember(tenant.accountId, "attendee");
  other = await createMember(tenant.accountId, "attendee");
  const created = await db.product.create({
    data: { accountId: tenant.accountId, type: "subscription", name: "Medlemskab", status: "active" },
  });
  const price = await db.price.create({
    data: { accountId: tenant.accountId, productId: created.id, amount: 49_900, currency: "DKK", interval: "month" },
  });
  product = { id: created.id, priceId: price.id };
});

describe("listAwaitedOrders", () => {
  it("lists the member's pending order with the provider, not to another member, and not once it is paid", async () => {
    const order = await openOrder(member.userId);
    expect(await awaited(member.userId)).toEqual([
      {
        id: order.id,
        productId: product.id,
        priceId: product.priceId,
        productName: "Medlemskab",
        provider: "mobilepay",
        status: "pending",
      },
    ]);
    expect(await awaited(other.userId)).toEqual([]);

    await db.order.update({ where: { id: order.id }, data: { status: "paid", paidAt: NOW } });
    expect(await awaited(member.userId)).toEqual([]);
    expect(await awaited(member.userId, order.id)).toEqual([]);
  });

  it("lists a pending Stripe order, not a desk's, nor one opened longer ago than the page waits", async () => {
    const stripe = await openOrder(other.userId, { provider: "stripe" });
    await openOrder(other.userId, { provider: "desk" });
    await openOrder(other.userId, { minutesAgo: AWAITED_FOR_MS / MINUTE + 1 });
    expect((await awaited(other.userId)).map((order) => order.id)).toEqual([stripe.id]);
    await db.order.update({ where: { id: stripe.id }, data: { status: "failed" } });
  });

  it("lists a failed order only when the member came back from it", async () => {
    const declined = await openOrder(member.userId, { status: "failed" });
    expect(await awaited(member.userId)).toEqual([]);
    expect(await awaited(member.userId, declined.id)).toMatchObject([{ id: declined.id, status: "failed" }]);
    expect(await awaited(other.userId, declined.id)).toEqual([]);
  });

  it("keeps to the studio of the page", async () => {
    const elsewhere = await createTenant();
    expect(await listAwaitedOrders({ db: tenantDb(elsewhere.accountId), userId: member.userId, now: NOW })).toEqual([]);
    await openOrder(member.userId);
    expect(await listAwaitedOrders({ db: tenantDb(elsewhere.accountId), userId: member.userId, now: NOW })).toEqual([]);
  });
});
