// Two app processes (tests/helpers/app-server.ts), each with its own jobs runner as every serving
// process has, sending one studio's waiting Dinero vouchers on PostgreSQL: each order reaches the
// fake Dinero as exactly one file and one voucher, booked once (decision 0042).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { DINERO, useFakeDinero } from "@/tests/helpers/fake-dinero";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) console.log("[dinero-processes] skipped: needs PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");

describe.skipIf(!databaseUrl)("Dinero vouchers sent by two app processes on PostgreSQL", () => {
  const dinero = useFakeDinero();
  let servers: AppServer[] = [];
  let tenant: TestTenant;

  beforeAll(async () => {
    startBackgroundWork(); // as the api helper would; this process then sends nothing itself
    await holdJobs();
    tenant = await createTenant();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("sends every order's voucher once, whichever process claims it", async () => {
    expect(
      (await api("PATCH", "/account/accounting/dinero", { token: tenant.admin.token, body: { dinero: DINERO } }))
        .status,
    ).toBe(200);
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
    });
    expect(product.status).toBe(201);
    const orderIds: string[] = [];
    for (const member of await createAttendeesInBulk(tenant.accountId, 24)) {
      const response = await api("POST", "/checkout", {
        token: member.token,
        body: { productId: product.body.id, priceId: product.body.prices[0].id },
      });
      expect(response.status).toBe(201);
      orderIds.push(response.body.order.id as string);
    }
    expect(await db.dineroVoucher.count({ where: { accountId: tenant.accountId, status: "waiting" } })).toBe(24);

    dinero.delayMs = 50; // the processes' attempts overlap
    servers = await startAppServers(2, databaseUrl!, {
      DINERO_API_URL: dinero.url,
      DINERO_TOKEN_URL: `${dinero.url}/token`,
    });

    await expect
      .poll(() => db.dineroVoucher.count({ where: { accountId: tenant.accountId, status: "sent" } }), {
        // a failed attempt (a slow machine) is retried after a minute: exactly once still holds
        timeout: 130_000,
        interval: 250,
      })
      .toBe(24)
      .catch(async (error: unknown) => {
        console.log(
          await db.dineroVoucher.findMany({ where: { status: { not: "sent" } } }),
          dinero.vouchers.length,
          dinero.files.length,
        );
        throw error;
      });
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // a sweep of each process more: nothing again
    const references = dinero.vouchers.map((voucher) => voucher.body.ExternalReference);
    expect(references).toHaveLength(24);
    expect(new Set(references)).toEqual(new Set(orderIds.map((id) => `studio-booking:sale:${id}`)));
    expect(dinero.files).toHaveLength(24);
    expect(dinero.vouchers.every((voucher) => voucher.status === "Booked" && voucher.bookings === 1)).toBe(true);
  }, 240_000);
});
