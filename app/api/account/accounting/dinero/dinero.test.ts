// The studio's books handed to Dinero (decision 0042), through the routes and the jobs runner's
// drain against a fake Dinero (tests/helpers/fake-dinero.ts): the settings, a paid order's voucher
// with its receipt, a refund's credit voucher, a retry, nothing for a studio not connected, and
// each studio's own. The runner is held: each drain is the test's, at an injected time.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendWaitingDineroVouchers } from "@/lib/accounting/dinero-voucher-jobs";
import { listDineroStates } from "@/lib/accounting/list-dinero-states";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { DINERO, useFakeDinero } from "@/tests/helpers/fake-dinero";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { isPdf, pdfText } from "@/tests/helpers/pdf";
import { expectLogged } from "@/tests/helpers/logs";

const dinero = useFakeDinero();
const T0 = new Date("2026-03-02T09:00:00.000Z");
const drain = (at: Date = T0) => sendWaitingDineroVouchers({ now: () => at });

let tenant: TestTenant;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would; then held: only the test drains
  await holdJobs();
});

beforeEach(async () => {
  dinero.reset();
  tenant = await createTenant();
});

const settings = (t: TestTenant = tenant, token = t.admin.token) => api("GET", "/account/accounting/dinero", { token });
const patch = (body: unknown, t: TestTenant = tenant, token = t.admin.token) =>
  api("PATCH", "/account/accounting/dinero", { token, body });
const connect = async (t: TestTenant = tenant) => {
  const response = await patch({ dinero: DINERO }, t);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

async function buy(t: TestTenant = tenant, member?: TestMember) {
  const buyer = member ?? (await createMember(t.accountId, "attendee"));
  const product = await api("POST", "/products", {
    token: t.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Five classes",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order as { id: string; receiptNumber: number };
}

const refund = (orderId: string) => api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body: {} });
const rows = () => db.dineroVoucher.findMany({ where: { accountId: tenant.accountId }, orderBy: { id: "asc" } });

describe("GET and PATCH /account/accounting/dinero", () => {
  it("connects with credentials Dinero accepts, seals them, never answers them, and disconnects with null", async () => {
    expect(await settings()).toMatchObject({ status: 200, body: { status: "not_connected", organizationId: null } });

    const response = await patch({ dinero: DINERO });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ status: "connected", organizationId: DINERO.organizationId });
    expect((await settings()).body).toEqual({ status: "connected", organizationId: DINERO.organizationId });
    const stored = await db.dineroConnection.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
    for (const secret of [DINERO.clientId, DINERO.clientSecret, DINERO.apiKey])
      expect(stored.sealedCredentials).not.toContain(secret);

    expect((await patch({ dinero: null })).body).toEqual({ status: "not_connected", organizationId: null });
    expect((await settings()).body).toEqual({ status: "not_connected", organizationId: null });
  });

  it("answers 400 with codes for settings that are not Dinero's, and for credentials Dinero refuses", async () => {
    const badId = await patch({ dinero: { ...DINERO, organizationId: "org-1" } });
    expect(badId.status).toBe(400);
    expect(badId.body.details).toEqual([
      expect.objectContaining({ path: "dinero.organizationId", code: "dinero_organization_id" }),
    ]);

    const missing = await patch({ dinero: { organizationId: DINERO.organizationId } });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "dinero.apiKey",
      "dinero.clientId",
      "dinero.clientSecret",
    ]);

    const unknownField = await patch({ dinero: { ...DINERO, password: "x" } });
    expect(unknownField.status).toBe(400);

    const refused = await patch({ dinero: { ...DINERO, clientSecret: "wrong" } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ path: "dinero", code: "dinero_credentials_rejected" }),
    ]);
    expect((await settings()).body.status).toBe("not_connected");
  });

  it("answers 503 with Retry-After when Dinero cannot be reached, and keeps nothing", async () => {
    dinero.failNext("token", 503);
    const response = await patch({ dinero: DINERO });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await settings()).body.status).toBe("not_connected");
  });

  it("is for administrators only", async () => {
    for (const persona of ["attendee", "teacher"] as const) {
      const member = await createMember(tenant.accountId, persona);
      expect((await settings(tenant, member.token)).status).toBe(403);
      expect((await patch({ dinero: DINERO }, tenant, member.token)).status).toBe(403);
    }
    expect((await api("GET", "/account/accounting/dinero")).status).toBe(401);
    expect((await settings()).body.status).toBe("not_connected");
  });

  it("is each studio's own", async () => {
    const other = await createTenant();
    await connect(other);
    expect((await settings()).body).toEqual({ status: "not_connected", organizationId: null });
    await patch({ dinero: null });
    expect((await settings(other)).body.status).toBe("connected");
  });
});

describe("vouchers in Dinero", () => {
  it("makes a paid order one booked voucher with its receipt attached, once however often the runner drains", async () => {
    await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } });
    await connect();
    const order = await buy();

    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);

    expect(dinero.files).toHaveLength(1);
    const [file] = dinero.files;
    expect(isPdf(file!.bytes)).toBe(true);
    expect(file!.name).toBe(`receipt-${order.receiptNumber}.pdf`);
    expect(await pdfText(file!.bytes)).toContain("Kvittering");
    expect(dinero.vouchers).toHaveLength(1);
    const [voucher] = dinero.vouchers;
    expect(voucher).toMatchObject({ organizationId: DINERO.organizationId, status: "Booked", bookings: 1 });
    expect(voucher!.body).toMatchObject({
      ExternalReference: `studio-booking:sale:${order.id}`,
      FileGuid: file!.guid,
      VoucherDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Lines: [
        {
          Description: `Kvittering nr. ${order.receiptNumber}: Five classes`,
          AccountNumber: 55000,
          BalancingAccountNumber: 1000,
          Amount: 500,
          AccountVatCode: null,
          BalancingAccountVatCode: "U25",
        },
      ],
    });
    expect(await rows()).toEqual([
      expect.objectContaining({
        orderId: order.id,
        kind: "sale",
        status: "sent",
        voucherGuid: voucher!.guid,
        fileGuid: file!.guid,
      }),
    ]);
    expect(await listDineroStates({ db: tenantDb(tenant.accountId), orderIds: [order.id] })).toEqual(
      new Map([[order.id, "sent"]]),
    );
  });

  it("sends each voucher once when two runners drain at the same moment", async () => {
    await connect();
    const orders = [await buy(), await buy(), await buy()];
    const [first, second] = await Promise.all([drain(), drain()]);
    expect(first + second).toBe(3);
    expect(dinero.vouchers.map((v) => v.body.ExternalReference).sort()).toEqual(
      orders.map((order) => `studio-booking:sale:${order.id}`).sort(),
    );
    expect(dinero.files).toHaveLength(3);
  });

  it("posts a sale without VAT to the exempt sales account without a VAT code", async () => {
    await connect();
    await buy();
    await drain();
    expect(dinero.vouchers[0]!.body.Lines).toEqual([
      expect.objectContaining({ BalancingAccountNumber: 1050, BalancingAccountVatCode: null, Amount: 500 }),
    ]);
  });

  it("posts to the studio's own account numbers (PATCH /account/accounting), with and without VAT", async () => {
    await connect();
    const accounts = { salesAccount: 1100, exemptSalesAccount: 1110, cardClearingAccount: 5820 };
    const changed = await api("PATCH", "/account/accounting", {
      token: tenant.admin.token,
      body: { accounting: accounts },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await buy();
    await api("PATCH", "/account", { token: tenant.admin.token, body: { legal: { vatRate: 25 } } });
    await buy();
    await drain();
    expect(dinero.vouchers.map((v) => (v.body.Lines as unknown[])[0])).toEqual([
      expect.objectContaining({ AccountNumber: 5820, BalancingAccountNumber: 1110, BalancingAccountVatCode: null }),
      expect.objectContaining({ AccountNumber: 5820, BalancingAccountNumber: 1100, BalancingAccountVatCode: "U25" }),
    ]);
  });

  it("makes a refund a credit voucher with the credit note attached", async () => {
    await connect();
    const order = await buy();
    await drain();
    expect((await refund(order.id)).status).toBe(200);

    expect(await drain()).toBe(1);
    expect(dinero.vouchers).toHaveLength(2);
    const credit = dinero.vouchers[1]!;
    expect(credit.status).toBe("Booked");
    const { id: refundId } = await db.refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(credit.body).toMatchObject({
      ExternalReference: `studio-booking:refund:${refundId}`,
      Lines: [
        expect.objectContaining({
          Amount: -500,
          Description: `Kreditnota nr. 1 for kvittering nr. ${order.receiptNumber}: Five classes`,
        }),
      ],
    });
    const file = dinero.files.find((f) => f.guid === credit.body.FileGuid)!;
    expect(await pdfText(file.bytes)).toContain("Kreditnota");
    expect((await rows()).map((row) => [row.kind, row.status])).toEqual([
      ["sale", "sent"],
      ["refund", "sent"],
    ]);
  });

  it("books each refund's own amount: one credit voucher per refund, its own reference and credit note", async () => {
    await connect();
    const order = await buy();
    await drain();
    const part = (amount?: number) =>
      api("POST", `/orders/${order.id}/refunds`, { token: tenant.admin.token, body: amount ? { amount } : {} });
    expect((await part(20000)).status).toBe(200);
    expect((await part(15000)).status).toBe(200);
    expect((await part()).status).toBe(200);

    expect(await drain()).toBe(3);
    const refunds = await db.refund.findMany({ where: { orderId: order.id }, orderBy: { creditNoteNumber: "asc" } });
    const credits = dinero.vouchers.slice(1);
    expect(credits.map((v) => [v.body.ExternalReference, (v.body.Lines as { Amount: number }[])[0]!.Amount])).toEqual(
      refunds.map((r, i) => [`studio-booking:refund:${r.id}`, [-200, -150, -150][i]]),
    );
    const textOf = async (guid: unknown) => pdfText(dinero.files.find((f) => f.guid === guid)!.bytes);
    expect(await textOf(credits[0]!.body.FileGuid)).toContain("-200,00");
    expect((await rows()).map((row) => [row.kind, row.status])).toEqual([
      ["sale", "sent"],
      ["refund", "sent"],
      ["refund", "sent"],
      ["refund", "sent"],
    ]);
  });

  it("sends a sale refunded before it was sent with the receipt as issued, then the credit voucher", async () => {
    await connect();
    const order = await buy();
    expect((await refund(order.id)).status).toBe(200);
    expect(await drain()).toBe(2);
    const [sale, credit] = dinero.vouchers;
    const textOf = async (guid: unknown) => pdfText(dinero.files.find((f) => f.guid === guid)!.bytes);
    expect(await textOf(sale!.body.FileGuid)).not.toContain("Kreditnota");
    expect(await textOf(credit!.body.FileGuid)).toContain("Kreditnota");
  });

  it("tries again after a failure, continuing where it stopped, and shows the studio it is failing meanwhile", async () => {
    await connect();
    const order = await buy();
    dinero.failNext("create", 503);
    expectLogged("warn", /^Dinero voucher failed, will retry .*"attempts":1,"errorName":"DineroUnavailable"/);

    expect(await drain()).toBe(0);
    expect(await rows()).toEqual([
      expect.objectContaining({ status: "waiting", attempts: 1, lastError: "DineroUnavailable" }),
    ]);
    expect((await settings()).body.status).toBe("failing");
    expect(await drain(new Date(T0.getTime() + 30_000))).toBe(0); // its retry is not due yet

    expect(await drain(new Date(T0.getTime() + 61_000))).toBe(1);
    expect(dinero.files).toHaveLength(1); // the file of the first attempt, not a second
    expect(dinero.vouchers).toHaveLength(1);
    expect(dinero.vouchers[0]).toMatchObject({ status: "Booked", bookings: 1 });
    expect(dinero.vouchers[0]!.body.ExternalReference).toBe(`studio-booking:sale:${order.id}`);
    expect((await settings()).body.status).toBe("connected");
  });

  it("books a voucher created before a failed booking without creating it again", async () => {
    await connect();
    await buy();
    dinero.failNext("book", 500);
    expectLogged("warn", /^Dinero voucher failed, will retry .*"attempts":1,/);
    expect(await drain()).toBe(0);
    expect(dinero.vouchers).toMatchObject([{ status: "Draft" }]);
    expect(await drain(new Date(T0.getTime() + 61_000))).toBe(1);
    expect(dinero.vouchers).toMatchObject([{ status: "Booked", bookings: 1 }]);
  });

  it("gives up after its last retry, shows the order as not sent, and tries again when the keys are saved again", async () => {
    await connect();
    const order = await buy();
    dinero.failNext("token", 503, 503, 503, 503, 503, 503);
    expectLogged("warn", /^Dinero voucher failed, will retry/);
    expectLogged("error", /^Dinero voucher given up .*"attempts":6,/);
    let at = T0.getTime();
    for (const delay of [0, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]) {
      at += delay + 1_000;
      await drain(new Date(at));
    }
    expect(await rows()).toEqual([expect.objectContaining({ status: "failed", attempts: 6 })]);
    expect(await listDineroStates({ db: tenantDb(tenant.accountId), orderIds: [order.id] })).toEqual(
      new Map([[order.id, "failed"]]),
    );
    await connect();
    expect(await drain(new Date(at))).toBe(1);
    expect(dinero.vouchers).toHaveLength(1);
  });

  it("sends nothing for a studio without Dinero, nor later for what it sold before connecting", async () => {
    await buy();
    expect(await rows()).toEqual([]);
    await connect();
    expect(await drain()).toBe(0);
    expect(dinero.files).toEqual([]);
    expect(dinero.vouchers).toEqual([]);
  });

  it("sends each studio's orders to its own organization only", async () => {
    const other = await createTenant();
    dinero.organizations.add("515151");
    await connect();
    const otherResponse = await patch({ dinero: { ...DINERO, organizationId: "515151" } }, other);
    expect(otherResponse.status).toBe(200);
    const mine = await buy();
    const theirs = await buy(other);
    await drain();
    const organizationOf = (orderId: string) =>
      dinero.vouchers.find((v) => v.body.ExternalReference === `studio-booking:sale:${orderId}`)?.organizationId;
    expect(organizationOf(mine.id)).toBe(DINERO.organizationId);
    expect(organizationOf(theirs.id)).toBe("515151");
    expect(await listDineroStates({ db: tenantDb(tenant.accountId), orderIds: [theirs.id] })).toEqual(new Map());
  });
});
