// GET /exports/journal.csv (issue 34 §3, decision 0041): one line per financial event of a period
// of studio days, with the studio's account numbers, in our CSV dialect; its figures equal
// GET /admin/summary's for the same period.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let buyer: TestMember;
let teacher: TestMember;
const ids: Record<string, string> = {};

type Product = { id: string; prices: { id: string }[] };

async function product(name: string, amount: number, vatRate: 25 | 0): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "drop_in", name, status: "active", vatRate, prices: [{ amount, currency: "DKK" }] },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function buy(p: Product, paidAt: string): Promise<string> {
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  // The checkout stamps its own clock: the order is dated at a fixed instant.
  await db.order.update({
    where: { id: response.body.order.id },
    data: { paidAt: new Date(paidAt), createdAt: new Date(paidAt) },
  });
  return response.body.order.id;
}

beforeAll(async () => {
  tenant = await createTenant({ name: "Dansestudiet" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Åse Ærø" });
  teacher = await createMember(tenant.accountId, "teacher");
  expect((await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } })).status).toBe(
    200,
  );
  const yoga = await product("Yoga drop-in", 12500, 25);
  const dance = await product("Dansetime", 20000, 0);

  ids.yoga = await buy(yoga, "2026-03-02T09:00:00Z");
  ids.dance = await buy(dance, "2026-03-03T09:00:00Z");
  ids.refunded = await buy(dance, "2026-03-04T09:00:00Z");
  // 23:30 UTC on 7 March is 8 March in Copenhagen: outside a period ending on the 7th.
  ids.after = await buy(yoga, "2026-03-07T23:30:00Z");
  ids.before = await buy(yoga, "2026-02-28T22:59:00Z");
  expect((await api("POST", `/orders/${ids.refunded}/refunds`, { token: tenant.admin.token })).status).toBe(200);

  // A sale at the desk (the whole price, paid there).
  const desk = await api("POST", `/users/${buyer.userId}/entitlements`, {
    token: tenant.admin.token,
    body: { productId: yoga.id },
  });
  expect(desk.status, JSON.stringify(desk.body)).toBe(201);
  const deskOrder = await db.order.findFirstOrThrow({ where: { accountId: tenant.accountId, provider: "desk" } });
  await db.order.update({ where: { id: deskOrder.id }, data: { paidAt: new Date("2026-03-06T09:00:00Z") } });
  ids.desk = deskOrder.id;
  // The second of two instalments of a course, as the instalment job writes it.
  const first = await db.order.update({
    where: { id: ids.before! },
    data: { instalment: 1, instalments: 2 },
  });
  ids.instalment = (
    await db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: buyer.userId,
        productId: first.productId,
        priceId: first.priceId,
        amount: 12500,
        currency: "DKK",
        status: "paid",
        provider: "stripe",
        paidAt: new Date("2026-03-06T12:00:00Z"),
        receiptNumber: 100,
        vatRateBasisPoints: 2500,
        vatAmount: 2500,
        instalmentOf: first.id,
        instalment: 2,
        instalments: 2,
      },
    })
  ).id;
  await db.order.update({ where: { id: ids.refunded }, data: { refundedAt: new Date("2026-03-05T12:00:00Z") } });
  await db.refund.updateMany({
    where: { orderId: ids.refunded },
    data: { refundedAt: new Date("2026-03-05T12:00:00Z") },
  });
});

const PERIOD = "from=2026-03-01&to=2026-03-07";
const SUMMARY = "from=2026-02-28T23:00:00Z&to=2026-03-07T23:00:00Z"; // the same studio days as instants

async function journal(query = PERIOD, token = tenant.admin.token) {
  const response = await api("GET", `/exports/journal.csv?${query}`, { token });
  expect(response.status, response.text).toBe(200);
  const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ""));
  return {
    response,
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!]))),
  };
}

describe("GET /exports/journal.csv", () => {
  it("lists the period's sales and refunds with VAT and the studio's default account numbers", async () => {
    const { response, header, rows } = await journal();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="journal.csv"');
    expect(header).toEqual([
      "date",
      "receiptNumber",
      "text",
      "customer",
      "amount",
      "currency",
      "vatRate",
      "vatAmount",
      "paymentMethod",
      "account",
      "contraAccount",
      "vatAccount",
      "kind",
      "orderId",
    ]);
    expect(rows.map((row) => [row.orderId, row.kind, row.date, row.amount])).toEqual([
      [ids.yoga, "sale", "2026-03-02", "125"],
      [ids.dance, "sale", "2026-03-03", "200"],
      [ids.refunded, "sale", "2026-03-04", "200"],
      [ids.desk, "sale", "2026-03-06", "125"],
      [ids.instalment, "instalment", "2026-03-06", "125"],
      [ids.refunded, "refund", "2026-03-05", "-200"],
    ]);
    expect(rows[3]).toMatchObject({ paymentMethod: "desk", account: "55000" });
    expect(rows[4]).toMatchObject({ text: "Kvittering nr. 100: Yoga drop-in, rate 2 af 2", paymentMethod: "card" });
    const receiptOf = async (id: string) => String((await db.order.findUniqueOrThrow({ where: { id } })).receiptNumber);
    expect(rows[0]).toEqual({
      date: "2026-03-02",
      receiptNumber: await receiptOf(ids.yoga!),
      text: `Kvittering nr. ${await receiptOf(ids.yoga!)}: Yoga drop-in`,
      customer: "Åse Ærø",
      amount: "125",
      currency: "DKK",
      vatRate: "25",
      vatAmount: "25",
      paymentMethod: "card",
      account: "55000",
      contraAccount: "1000",
      vatAccount: "61100",
      kind: "sale",
      orderId: ids.yoga,
    });
    expect(rows[1]).toMatchObject({ vatRate: "0", vatAmount: "0", contraAccount: "1050", vatAccount: "" });
    expect(rows[5]).toMatchObject({
      text: `Kreditnota for kvittering nr. ${await receiptOf(ids.refunded!)}: Dansetime`,
      vatAmount: "0",
      contraAccount: "1050",
    });
  });

  it("equals GET /admin/summary's revenue, in total and per VAT rate, for the same period", async () => {
    const { rows } = await journal();
    const summary = await api("GET", `/admin/summary?${SUMMARY}`, { token: tenant.admin.token });
    expect(summary.status).toBe(200);
    const total = rows.reduce((sum, row) => sum + Number(row.amount) * 100, 0);
    expect(summary.body.revenue).toEqual([{ currency: "DKK", amount: total }]);
    const byRate = new Map<number, { amount: number; vatAmount: number }>();
    for (const row of rows) {
      const rate = Number(row.vatRate);
      const group = byRate.get(rate) ?? { amount: 0, vatAmount: 0 };
      group.amount += Math.round(Number(row.amount) * 100);
      group.vatAmount += Math.round(Number(row.vatAmount) * 100);
      byRate.set(rate, group);
    }
    expect(summary.body.revenueByVatRate).toEqual(
      [...byRate]
        .map(([vatRate, figures]) => ({ currency: "DKK", vatRate, ...figures }))
        .sort((a, b) => b.vatRate - a.vatRate),
    );
  });

  it("posts to the studio's own account numbers and takes the semicolon dialect", async () => {
    await db.account.update({
      where: { id: tenant.accountId },
      data: { salesAccount: 1100, exemptSalesAccount: 1110, vatAccount: 7200, cardClearingAccount: 5810 },
    });
    try {
      const response = await api("GET", `/exports/journal.csv?${PERIOD}&delimiter=semicolon`, {
        token: tenant.admin.token,
      });
      const [header, first, second] = parseCsv(response.text.replace(/^\uFEFF/, ""), ";");
      const row = Object.fromEntries(header!.map((name, i) => [name, first![i]]));
      expect(row).toMatchObject({ account: "5810", contraAccount: "1100", vatAccount: "7200" });
      expect(second![header!.indexOf("contraAccount")]).toBe("1110");
    } finally {
      await db.account.update({
        where: { id: tenant.accountId },
        data: { salesAccount: 1000, exemptSalesAccount: 1050, vatAccount: 61100, cardClearingAccount: 55000 },
      });
    }
  });

  it("answers 400 with the field and the reason for missing, malformed and reversed dates", async () => {
    for (const [query, path] of [
      ["to=2026-03-07", "from"],
      ["from=2026-03-01", "to"],
      ["from=2026-02-30&to=2026-03-07", "from"],
      ["from=2026-03-01T00:00:00Z&to=2026-03-07", "from"],
      ["from=2026-03-07&to=2026-03-01", "to"],
    ] as const) {
      const response = await api("GET", `/exports/journal.csv?${query}`, { token: tenant.admin.token });
      expect(response, query).toMatchObject({ status: 400, body: { error: "Validation failed" } });
      expect(
        response.body.details.map((d: { path: string }) => d.path),
        query,
      ).toContain(path);
    }
  });

  it("is the administrator's: a teacher 403, nobody 401", async () => {
    expect(await api("GET", `/exports/journal.csv?${PERIOD}`, { token: teacher.token })).toMatchObject({ status: 403 });
    expect(await api("GET", `/exports/journal.csv?${PERIOD}`)).toMatchObject({ status: 401 });
  });
});
