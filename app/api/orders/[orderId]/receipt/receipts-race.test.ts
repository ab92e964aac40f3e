// Receipt numbers under concurrency on PostgreSQL, in one process (api(): the real handlers over the
// file's pool) and across two app processes (tests/helpers/app-server.ts) sharing the database:
// many orders paid at once (checkouts and desk grants, in two studios) number each studio's paid
// orders exactly 1..N, without a gap or a repeat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { allowLogged } from "@/tests/helpers/logs";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[receipts-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

type Call = { token: string; path: string; body: unknown };
type Send = (call: Call) => Promise<number>;

const inProcess: Send = async ({ token, path, body }) => (await api("POST", path, { token, body })).status;

function overHttp(servers: AppServer[]): Send {
  let next = 0;
  return async ({ token, path, body }) => {
    const server = servers[next++ % servers.length]!;
    const response = await fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };
}

/** `count` attendees of the tenant with a session each, made in bulk. */
const buyers = (tenant: TestTenant, count: number) => createAttendeesInBulk(tenant.accountId, count, "receipt");

/** Checkouts by every buyer and a desk grant to every other buyer, of one studio. */
async function payments(tenant: TestTenant, count: number): Promise<Call[]> {
  const product = await db.product.create({
    data: {
      accountId: tenant.accountId,
      type: "drop_in",
      name: "Drop-in",
      status: "active",
      prices: { create: { accountId: tenant.accountId, amount: 12500, currency: "DKK" } },
    },
    include: { prices: true },
  });
  const body = { productId: product.id, priceId: product.prices[0]!.id };
  return (await buyers(tenant, count)).flatMap(({ userId, token }, i) => [
    { token, path: "/checkout", body },
    ...(i % 2 === 0
      ? [{ token: tenant.admin.token, path: `/users/${userId}/entitlements`, body: { productId: product.id } }]
      : []),
  ]);
}

async function receiptNumbers(tenant: TestTenant): Promise<(number | null)[]> {
  const orders = await db.order.findMany({
    where: { accountId: tenant.accountId },
    select: { receiptNumber: true },
    orderBy: { receiptNumber: "asc" },
  });
  return orders.map((order) => order.receiptNumber);
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.skipIf(!databaseUrl)("receipt numbers racing on PostgreSQL", () => {
  let servers: AppServer[] = [];
  const previous = process.env.MAX_IN_FLIGHT_REQUESTS;

  beforeAll(async () => {
    // Hundreds of payments at once can keep a receipt email waiting on the pool past its limit: it is retried.
    allowLogged("warn", /^receipt email failed, will retry/);
    process.env.MAX_IN_FLIGHT_REQUESTS = "5000";
    resetEnvCache();
    servers = await startAppServers(2, databaseUrl!, {
      MAX_IN_FLIGHT_REQUESTS: "5000",
      DATABASE_POOL_SIZE: "10",
      DATABASE_POOL_TIMEOUT_MS: "30000",
    });
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
    "%s: 90 payments in one studio and 30 in another at once number each studio 1..N",
    async (_mode, sender) => {
      const send = sender();
      const [sunrise, moonrise] = [await createTenant(), await createTenant()];
      const calls = [...(await payments(sunrise, 60)), ...(await payments(moonrise, 20))];
      // interleave the studios' payments
      calls.sort(() => Math.random() - 0.5);

      const statuses = await Promise.all(calls.map(send));

      expect(statuses.filter((status) => status !== 201)).toEqual([]);
      expect(await receiptNumbers(sunrise)).toEqual(upTo(90));
      expect(await receiptNumbers(moonrise)).toEqual(upTo(30));
      expect(await db.receiptCounter.findUnique({ where: { accountId: sunrise.accountId } })).toMatchObject({
        last: 90,
      });
    },
    120_000,
  );
});
