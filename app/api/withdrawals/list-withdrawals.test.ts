import LinkHeader from "http-link-header";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// GET /withdrawals (issue 46 §2): the administrator's list, newest received first, keyset-paged.

let tenant: TestTenant;
let other: TestTenant;
let ida: TestMember;
let bo: TestMember;

async function seedWithdrawals(target: TestTenant, buyer: TestMember, received: Date[]) {
  const product = await api("POST", "/products", {
    token: target.admin.token,
    body: { type: "class_pass", name: "10-klip", status: "active", classAllowance: 10, prices: [{ amount: 120000, currency: "DKK" }] },
  });
  expect(product.status).toBe(201);
  for (const receivedAt of received) {
    const order = await db.order.create({
      data: {
        accountId: target.accountId,
        userId: buyer.userId,
        productId: product.body.id,
        priceId: product.body.prices[0].id,
        amount: 120000,
        currency: "DKK",
        status: "refunded",
        provider: "demo",
        withdrawalDays: 14,
      },
    });
    await db.withdrawal.create({
      data: {
        accountId: target.accountId,
        orderId: order.id,
        name: "Ida Holm",
        email: buyer.email,
        receivedAt,
        usedAmount: 24000,
        refundAmount: 96000,
        currency: "DKK",
        basis: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
        locale: "da",
        status: "refunded",
      },
    });
  }
}

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  ida = await createMember(tenant.accountId, "attendee");
  bo = await createMember(tenant.accountId, "attendee");
  // two of Ida's share an instant: the id decides between them
  await seedWithdrawals(tenant, ida, [day(2), day(5), day(5), day(9)]);
  await seedWithdrawals(tenant, bo, [day(7)]);
  await seedWithdrawals(other, await createMember(other.accountId, "attendee"), [day(6)]);
});

function nextOf(response: ApiResponse): string | undefined {
  const header = response.headers.get("link");
  return header ? LinkHeader.parse(header).rel("next")[0]?.uri : undefined;
}

describe("GET /withdrawals", () => {
  it("lists the studio's withdrawals newest received first, as the Withdrawal resource", async () => {
    const response = await api("GET", "/withdrawals", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.map((w: { receivedAt: string }) => w.receivedAt)).toEqual(
      [day(9), day(7), day(5), day(5), day(2)].map((d) => d.toISOString()),
    );
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      orderId: expect.any(String),
      receivedAt: day(9).toISOString(),
      usedAmount: 24000,
      refundAmount: 96000,
      currency: "DKK",
      basis: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
      status: "refunded",
    });
    expect(response.headers.get("link")).toBeNull();
  });

  it("walks every withdrawal once in pages, following Link rel=next", async () => {
    const all = (await api("GET", "/withdrawals", { token: tenant.admin.token })).body.map((w: { id: string }) => w.id);
    for (const limit of [1, 2, 3, 5]) {
      const seen: string[] = [];
      let path: string | undefined = `/withdrawals?limit=${limit}`;
      while (path) {
        const response = await api("GET", path.replace(/^\/api/, ""), { token: tenant.admin.token });
        expect(response.status).toBe(200);
        expect(response.body.length).toBeLessThanOrEqual(limit);
        seen.push(...response.body.map((w: { id: string }) => w.id));
        path = nextOf(response);
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it("keeps one buyer's with userId, and nothing for someone of another studio", async () => {
    const bos = await api("GET", `/withdrawals?userId=${bo.userId}`, { token: tenant.admin.token });
    expect(bos.body.map((w: { receivedAt: string }) => w.receivedAt)).toEqual([day(7).toISOString()]);
    const stranger = await createMember(other.accountId, "attendee");
    expect((await api("GET", `/withdrawals?userId=${stranger.userId}`, { token: tenant.admin.token })).body).toEqual([]);
  });

  it("never shows another studio's withdrawals", async () => {
    const mine = await api("GET", "/withdrawals", { token: other.admin.token });
    expect(mine.body.map((w: { receivedAt: string }) => w.receivedAt)).toEqual([day(6).toISOString()]);
  });

  it("answers 400 for a bad limit or cursor", async () => {
    for (const query of ["limit=0", "limit=201", "limit=5&cursor=nope", "cursor=WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJ4Il0"]) {
      expect(await api("GET", `/withdrawals?${query}`, { token: tenant.admin.token }), query).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    }
  });

  it("answers a member 403 and no session 401", async () => {
    expect(await api("GET", "/withdrawals", { token: ida.token })).toMatchObject({ status: 403 });
    expect(await api("GET", "/withdrawals")).toMatchObject({ status: 401 });
  });
});
