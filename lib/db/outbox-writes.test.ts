// Background work is woken by the transaction that wrote it (lib/db/outbox-writes.ts): a booking, a
// refund and an import commit each tell the jobs runner exactly the outboxes they wrote, once their
// writes are committed, and a transaction that rolls back tells nothing.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { onOutboxWrites } from "@/lib/db/outbox-writes";
import { tenantDb } from "@/lib/db/tenant-db";
import { resetEnvCache } from "@/lib/env";
import { holdJobs } from "@/lib/jobs/wake";
import type { DrainName } from "@/lib/jobs/work";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let told: DrainName[][];
let stopListening: () => void;

beforeAll(async () => {
  Object.assign(process.env, { WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  resetEnvCache();
  startBackgroundWork(); // as the api helper would at its first request; then held: nothing is sent
  await holdJobs();
});
beforeEach(async () => {
  tenant = await createTenant();
  told = [];
  stopListening = onOutboxWrites((kinds) => told.push([...kinds].sort()));
});
afterEach(() => stopListening());

async function subscribe(events: string[]) {
  const response = await api("POST", "/webhooks", {
    token: tenant.admin.token,
    body: { url: "http://127.0.0.1:9/hooks", events },
  });
  expect(response.status, response.text).toBe(201);
}

async function passProduct() {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Five classes",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; prices: { id: string }[] };
}

/** A member who bought a class pass at checkout (the demo provider: paid at once). */
async function memberWithPass() {
  const member = await createMember(tenant.accountId, "attendee");
  const product = await passProduct();
  const bought = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.id, priceId: product.prices[0]!.id },
  });
  expect(bought.status, bought.text).toBe(201);
  return { member, bought };
}

describe("the jobs runner is told what each commit wrote", () => {
  it("a booking: its confirmation email and its booking.created delivery", async () => {
    await subscribe(["booking.created"]);
    const { member } = await memberWithPass();
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    told = [];

    const booked = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });

    expect(booked.status, booked.text).toBe(201);
    expect(told).toEqual([["booking emails", "webhook deliveries"]]);
  });

  it("a refund: its order.refunded delivery, its credit note's email and the emails of the bookings it cancelled", async () => {
    await subscribe(["order.refunded"]);
    const { member, bought } = await memberWithPass();
    // A paid-at-once purchase tells its receipt email (no endpoint wants order.paid here).
    expect(told).toEqual([["receipt emails"]]);
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const booked = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
    expect(booked.status, booked.text).toBe(201);
    told = [];

    const refunded = await api("POST", `/orders/${bought.body.order.id}/refunds`, { token: tenant.admin.token });

    expect(refunded.status, refunded.text).toBe(200);
    expect(told).toEqual([["booking emails", "receipt emails", "webhook deliveries"]]); // its credit note too
  });

  it("an import commit: the commit to run, nothing else", async () => {
    const upload = await api("POST", "/imports?kind=people", {
      token: tenant.admin.token,
      rawBody: new TextEncoder().encode("Email,Name\nane@example.com,Ane Holm\n"),
      headers: { "content-type": "text/csv" },
    });
    expect(upload.status, upload.text).toBe(201);
    told = [];

    const committed = await api("POST", `/imports/${upload.body.id}/commit`, { token: tenant.admin.token });

    expect(committed.status, committed.text).toBe(202);
    expect(told).toEqual([["import commits"]]);
  });

  it("a transaction that rolls back tells nothing, and one that commits tells once", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const db = tenantDb(tenant.accountId);
    const notice = { accountId: tenant.accountId, kind: "pass_expiring", userId: member.userId };

    await expect(
      db.$transaction(async (tx) => {
        await tx.noticeEmail.create({ data: notice });
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(told).toEqual([]);

    await db.$transaction(async (tx) => {
      await tx.noticeEmail.create({ data: notice });
      await tx.noticeEmail.create({ data: notice });
    });
    expect(told).toEqual([["notice emails"]]);
  });
});
