// The last of a gift card's balance spent by several checkouts at once on PostgreSQL (issue 47 §2,
// decision 0051), across two app processes (tests/helpers/app-server.ts) sharing the database: the
// card's row lock makes them take turns, so one order takes the last and the others answer 409
// `Gift card has no balance left` (never a 5xx); the balance never goes below 0 and the card's
// entries always sum to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[gift-cards-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

type Reply = { status: number; body: { error?: string; order?: { id: string; giftCardAmount: number } } };

describe.skipIf(!databaseUrl)("checkouts racing for the last of a gift card on PostgreSQL", () => {
  let servers: AppServer[] = [];
  let tenant: TestTenant;
  let next = 0;
  const previous = process.env.MAX_IN_FLIGHT_REQUESTS;

  /** A checkout on the next of the two processes, round robin. */
  async function checkout(buyer: TestMember, body: Record<string, unknown>): Promise<Reply> {
    const server = servers[next++ % servers.length]!;
    const response = await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { authorization: `Bearer ${buyer.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }

  beforeAll(async () => {
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

  async function product(body: Record<string, unknown>): Promise<{ id: string; priceId: string }> {
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: { name: "Product", status: "active", ...body },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.id, priceId: created.body.prices[0].id };
  }

  it("one order takes the last of the balance, the others answer 409; the balance never goes below 0", async () => {
    const gift = await product({ type: "gift_card", prices: [{ amount: 15000, currency: "DKK" }] });
    const dropIn = await product({ type: "drop_in", prices: [{ amount: 15000, currency: "DKK" }] });
    const [holder, ...racers] = await createAttendeesInBulk(tenant.accountId, 7, "gift-race");
    for (let round = 0; round < 3; round++) {
      const bought = await api("POST", "/checkout", {
        token: holder!.token,
        body: { productId: gift.id, priceId: gift.priceId, giftCard: { recipientName: "Maja" } },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const card = bought.body.giftCard as { id: string; code: string };
      const replies = await Promise.all(
        racers.map((racer) =>
          checkout(racer, { productId: dropIn.id, priceId: dropIn.priceId, giftCardCode: card.code }),
        ),
      );
      for (const reply of replies) {
        expect([201, 409], JSON.stringify(reply.body)).toContain(reply.status);
        if (reply.status === 409) expect(reply.body.error).toBe("Gift card has no balance left");
      }
      const won = replies.filter((reply) => reply.status === 201);
      expect(won).toHaveLength(1);
      expect(won[0]!.body.order!.giftCardAmount).toBe(15000);
      const stored = await db.giftCard.findUniqueOrThrow({ where: { id: card.id } });
      expect(stored).toMatchObject({ balance: 0, status: "used" });
      const entries = await db.giftCardEntry.findMany({ where: { giftCardId: card.id } });
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
      expect(entries.filter((entry) => entry.kind === "redeem")).toHaveLength(1);
      expect(await db.order.count({ where: { giftCardId: card.id } })).toBe(1);
    }
  }, 120_000);

  it("a balance shared out: each order takes what is left, the card's entries sum to its balance", async () => {
    const gift = await product({ type: "gift_card", prices: [{ amount: 40000, currency: "DKK" }] });
    const dropIn = await product({ type: "drop_in", prices: [{ amount: 15000, currency: "DKK" }] });
    const [holder, ...racers] = await createAttendeesInBulk(tenant.accountId, 5, "gift-share");
    const bought = await api("POST", "/checkout", {
      token: holder!.token,
      body: { productId: gift.id, priceId: gift.priceId, giftCard: { recipientName: "Ole" } },
    });
    const card = bought.body.giftCard as { id: string; code: string };
    const replies = await Promise.all(
      racers.map((racer) =>
        checkout(racer, { productId: dropIn.id, priceId: dropIn.priceId, giftCardCode: card.code }),
      ),
    );
    const taken = replies.filter((reply) => reply.status === 201).map((reply) => reply.body.order!.giftCardAmount);
    // 15000 + 15000 + 10000 (the rest paid by the demo provider), then nothing left
    expect(taken.sort((a, b) => a - b)).toEqual([10000, 15000, 15000]);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(1);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ balance: 0 });
  }, 120_000);
});
