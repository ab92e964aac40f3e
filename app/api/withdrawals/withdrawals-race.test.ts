// Two withdrawals of one order at once on PostgreSQL, across two app processes sharing the database
// (tests/helpers/app-server.ts; issue 46 §2, decision 0049): the Withdrawal's unique orderId lets
// one through, the others answer 409 `Purchase already withdrawn`, and the money moves once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createMember, createTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[withdrawals-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

describe.skipIf(!databaseUrl)("withdrawals racing across two app processes", () => {
  let servers: AppServer[] = [];

  beforeAll(async () => {
    servers = await startAppServers(2, databaseUrl!, { DATABASE_POOL_SIZE: "10" });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("makes one withdrawal and one refund of an order asked for eight times at once", async () => {
    const tenant = await createTenant();
    const buyer = await createMember(tenant.accountId, "attendee");
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        name: "10 klip",
        type: "class_pass",
        classAllowance: 10,
        status: "active",
        prices: [{ amount: 120000, currency: "DKK" }],
      },
    });
    const bought = await api("POST", "/checkout", {
      token: buyer.token,
      body: { productId: product.body.id, priceId: product.body.prices[0].id },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const { id: orderId, receiptNumber } = bought.body.order;
    const bySession = { token: buyer.token, body: { orderId } };
    const byReceipt = {
      token: undefined,
      body: { accountSlug: tenant.slug, name: "Ida", email: buyer.email, receiptNumber },
    };

    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const { token, body } = i % 2 === 0 ? bySession : byReceipt;
        const response = await fetch(`${servers[i % 2]!.url}/api/withdrawals`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      }),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array.from({ length: 7 }, () => ({ status: 409, body: { error: "Purchase already withdrawn" } })),
    );
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(1);
    const refunds = await db.refund.findMany({ where: { orderId } });
    expect(refunds.map((refund) => refund.amount)).toEqual([120000]);
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "refunded",
      refundedAmount: 120000,
    });
  }, 120_000);
});
