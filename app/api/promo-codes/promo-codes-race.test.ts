// `maxRedemptions` under concurrency on PostgreSQL, in one process (api(): the real handlers over
// the file's pool) and across two app processes (tests/helpers/app-server.ts) sharing the database:
// many buyers checking out with a code of N redemptions at once make exactly N orders with the code;
// the rest answer 409 `Promo code is not valid`, never a 5xx.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[promo-codes-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

type Reply = { status: number; error?: string };
type Send = (token: string, body: unknown) => Promise<Reply>;

const inProcess: Send = async (token, body) => {
  const response = await api("POST", "/checkout", { token, body });
  return { status: response.status, error: response.body?.error };
};

function overHttp(servers: AppServer[]): Send {
  let next = 0;
  return async (token, body) => {
    const server = servers[next++ % servers.length]!;
    const response = await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, error: text ? JSON.parse(text).error : undefined };
  };
}

/** "201", "409 Promo code is not valid", … → how many. */
function tally(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reply of replies) {
    const key = reply.error ? `${reply.status} ${reply.error}` : String(reply.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** `count` attendees of the tenant with a session each, made in bulk: their tokens. */
async function buyers(tenant: TestTenant, count: number): Promise<string[]> {
  return (await createAttendeesInBulk(tenant.accountId, count, "promo")).map((buyer) => buyer.token);
}

describe.skipIf(!databaseUrl)("promo code redemptions racing on PostgreSQL", () => {
  let servers: AppServer[] = [];
  let tenant: TestTenant;
  const previous = process.env.MAX_IN_FLIGHT_REQUESTS;

  beforeAll(async () => {
    // Let every attempt reach the database: the point is the conditional UPDATE, not load shedding.
    process.env.MAX_IN_FLIGHT_REQUESTS = "5000";
    resetEnvCache();
    servers = await startAppServers(2, databaseUrl!, {
      MAX_IN_FLIGHT_REQUESTS: "5000",
      DATABASE_POOL_SIZE: "10",
      DATABASE_POOL_TIMEOUT_MS: "30000",
    });
    tenant = await createTenant();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (previous === undefined) delete process.env.MAX_IN_FLIGHT_REQUESTS;
    else process.env.MAX_IN_FLIGHT_REQUESTS = previous;
    resetEnvCache();
  });

  const modes: [string, () => Send][] = [
    ["in one process", () => inProcess],
    ["across two app processes", () => overHttp(servers)],
  ];

  it.each(modes)(
    "%s: 120 checkouts with a code of 7 redemptions make exactly 7 discounted orders",
    async (_mode, sender) => {
      const send = sender();
      const product = await db.product.create({
        data: {
          accountId: tenant.accountId,
          type: "drop_in",
          name: "Drop-in",
          status: "active",
          prices: { create: { accountId: tenant.accountId, amount: 10000, currency: "DKK" } },
        },
        include: { prices: true },
      });
      const written = `RACE-${randomUUID().slice(0, 8)}`;
      const code = await db.promoCode.create({
        data: {
          accountId: tenant.accountId,
          code: written,
          normalizedCode: written.toLowerCase(),
          percentOff: 20,
          maxRedemptions: 7,
        },
      });
      const tokens = await buyers(tenant, 120);
      const body = { productId: product.id, priceId: product.prices[0]!.id, promoCode: code.code.toLowerCase() };

      const replies = await Promise.all(tokens.map((token) => send(token, body)));

      expect(tally(replies)).toEqual({ "201": 7, "409 Promo code is not valid": 113 });
      expect(
        await db.order.count({ where: { promoCodeId: code.id, status: "paid", amount: 8000, discountAmount: 2000 } }),
      ).toBe(7);
      expect(await db.order.count({ where: { productId: product.id } })).toBe(7);
      expect((await db.promoCode.findUniqueOrThrow({ where: { id: code.id } })).redemptions).toBe(7);
    },
    120_000,
  );
});
