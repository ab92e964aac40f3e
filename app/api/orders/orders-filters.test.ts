import LinkHeader from "http-link-header";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

// GET /orders?status=&productId=&from=&to= (issue 17): filters that combine with the pages (the CSV
// export's are in exports.test.ts). The studio is in Copenhagen (UTC+1 in January).

let tenant: TestTenant;
let other: TestTenant;
let products: { yoga: string; dance: string };
const ids: Record<string, string> = {};

const INVALID = { status: 400, body: { error: "Validation failed" } };

async function product(owner: TestTenant, name: string) {
  const created = await api("POST", "/products", {
    token: owner.admin.token,
    body: { type: "drop_in", name, status: "active", prices: [{ amount: 10000, currency: "DKK" }] },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, priceId: created.body.prices[0].id as string };
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  const yoga = await product(tenant, "Yoga");
  const dance = await product(tenant, "Dance");
  products = { yoga: yoga.id, dance: dance.id };
  const buyer = await createMember(tenant.accountId, "attendee");
  const order = async (name: string, of: typeof yoga, status: string, createdAt: string) => {
    const row = await db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: buyer.userId,
        productId: of.id,
        priceId: of.priceId,
        amount: 10000,
        currency: "DKK",
        status,
        provider: "desk",
        createdAt: new Date(createdAt),
      },
    });
    ids[name] = row.id;
  };
  // 1 January 00:30 in Copenhagen is 31 December 23:30 UTC
  await order("newYearsEve", yoga, "paid", "2025-12-31T22:30:00Z");
  await order("newYear", yoga, "paid", "2025-12-31T23:30:00Z");
  await order("jan10", dance, "refunded", "2026-01-10T12:00:00Z");
  await order("jan20", yoga, "pending", "2026-01-20T12:00:00Z");
  await order("jan31late", dance, "paid", "2026-01-31T22:30:00Z");
  await order("feb1", yoga, "failed", "2026-01-31T23:30:00Z");
  const theirs = await product(other, "Theirs");
  const theirBuyer = await createMember(other.accountId, "attendee");
  await db.order.create({
    data: {
      accountId: other.accountId,
      userId: theirBuyer.userId,
      productId: theirs.id,
      priceId: theirs.priceId,
      amount: 5000,
      currency: "DKK",
      status: "paid",
      provider: "desk",
      createdAt: new Date("2026-01-15T12:00:00Z"),
    },
  });
});

const listed = async (query: string) => {
  const response = await api("GET", `/orders?${query}`, { token: tenant.admin.token });
  expect(response.status, query).toBe(200);
  return (response.body as { id: string }[]).map((order) => order.id);
};
const named = (...names: string[]) => names.map((name) => ids[name]);

function nextOf(response: ApiResponse): string | undefined {
  const header = response.headers.get("link");
  return header ? LinkHeader.parse(header).rel("next")[0]?.uri : undefined;
}

describe("GET /orders filters", () => {
  it("keeps one status", async () => {
    expect(await listed("status=paid")).toEqual(named("jan31late", "newYear", "newYearsEve"));
    expect(await listed("status=refunded")).toEqual(named("jan10"));
  });

  it("keeps one product, and nothing for another studio's product", async () => {
    expect(await listed(`productId=${products.dance}`)).toEqual(named("jan31late", "jan10"));
    const theirs = await api("GET", "/products", { token: other.admin.token });
    expect(await listed(`productId=${theirs.body[0].id}`)).toEqual([]);
  });

  it("reads dates as the studio's whole days, both ends included", async () => {
    expect(await listed("from=2026-01-01&to=2026-01-31")).toEqual(named("jan31late", "jan20", "jan10", "newYear"));
    expect(await listed("from=2026-01-31&to=2026-01-31")).toEqual(named("jan31late"));
    expect(await listed("to=2025-12-31")).toEqual(named("newYearsEve"));
    expect(await listed("from=2026-02-01")).toEqual(named("feb1"));
  });

  it("reads instants exactly, `to` excluded", async () => {
    expect(await listed(`from=${encodeURIComponent("2026-01-10T12:00:00Z")}&to=2026-01-20T12:00:00Z`)).toEqual(
      named("jan10"),
    );
    expect(await listed(`from=2026-01-31&to=2026-01-31T23:30:00Z`)).toEqual(named("jan31late"));
  });

  it("combines the filters", async () => {
    expect(await listed(`status=paid&productId=${products.yoga}&from=2026-01-01`)).toEqual(named("newYear"));
  });

  it("walks a filtered list in pages whose Link keeps the filters", async () => {
    const seen: string[] = [];
    let path: string | undefined = `/orders?status=paid&from=2025-12-31&limit=1`;
    while (path) {
      const response = await api("GET", path.replace(/^\/api/, ""), { token: tenant.admin.token });
      expect(response.status).toBe(200);
      seen.push(...response.body.map((o: { id: string }) => o.id));
      path = nextOf(response);
      if (path) expect(path).toContain("status=paid");
    }
    expect(seen).toEqual(named("jan31late", "newYear", "newYearsEve"));
  });

  it("answers 400 with the reason for bad values", async () => {
    for (const query of [
      "status=done",
      "from=yesterday",
      "to=2026-02-30",
      "from=2026-01-10T12:00:00",
      "from=0001-01-01",
      "from=2026-02-01&to=2026-01-31",
      "from=2026-01-10T12:00:00Z&to=2026-01-10T12:00:00Z",
      "from=2026-01-11&to=2026-01-10T12:00:00Z",
    ]) {
      const response = await api("GET", `/orders?${query}`, { token: tenant.admin.token });
      expect(response, query).toMatchObject(INVALID);
      expect(response.body.details?.[0]?.message, query).toBeTruthy();
    }
    const backwards = await api("GET", "/orders?from=2026-02-01&to=2026-01-31", { token: tenant.admin.token });
    expect(backwards.body.details).toEqual([
      { path: "to", message: "`to` must be after `from`", code: "range_end_not_after_start" },
    ]);
    const format = await api("GET", "/orders?from=yesterday", { token: tenant.admin.token });
    expect(format.body.details).toEqual([
      { path: "from", message: "A date (YYYY-MM-DD) or an ISO 8601 instant with an offset", code: "date_or_instant" },
    ]);
  });
});

describe("GET /orders?userId", () => {
  it("keeps one person's orders, in pages whose Link keeps the person, and nothing for another studio's person", async () => {
    const [first] = await db.order.findMany({ where: { id: ids.jan10 } });
    const second = await createMember(tenant.accountId, "attendee");
    const theirs = await db.order.create({
      data: { ...first!, id: undefined, giftCardFor: undefined, userId: second.userId, createdAt: new Date("2026-03-01T12:00:00Z") },
    });
    expect(await listed(`userId=${first!.userId}`)).toEqual(
      named("feb1", "jan31late", "jan20", "jan10", "newYear", "newYearsEve"),
    );
    expect(await listed(`userId=${second.userId}&status=refunded`)).toEqual([theirs.id]);
    const page = await api("GET", `/orders?userId=${first!.userId}&status=paid&limit=2`, { token: tenant.admin.token });
    expect(page.body.map((o: { id: string }) => o.id)).toEqual(named("jan31late", "newYear"));
    expect(nextOf(page)).toContain(`userId=${first!.userId}`);
    const stranger = await createMember(other.accountId, "attendee");
    expect(await listed(`userId=${stranger.userId}`)).toEqual([]);
  });
});
