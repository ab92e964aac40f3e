// Two app processes (tests/helpers/app-server.ts, each with its own webhook sender, as every serving
// process has) draining one outbox on PostgreSQL: every delivery reaches the receiver exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { holdJobs } from "@/lib/jobs/wake";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { WebhookReceiver } from "@/tests/helpers/webhook-receiver";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[webhooks-processes] skipped: needs PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

describe.skipIf(!databaseUrl)("webhook deliveries drained by two app processes on PostgreSQL", () => {
  const receiver = new WebhookReceiver();
  const previous = process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  let servers: AppServer[] = [];
  let tenant: TestTenant;

  beforeAll(async () => {
    startBackgroundWork(); // as the api helper would; this process then sends nothing itself
    await holdJobs();
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
    resetEnvCache();
    await receiver.start();
    servers = await startAppServers(2, databaseUrl!, { WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
    tenant = await createTenant();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await receiver.stop();
    if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_URLS = previous;
    resetEnvCache();
  });

  /** A test event through one app process: it wakes that process's sender. */
  async function sendTestThrough(server: AppServer, webhookId: string): Promise<string> {
    const response = await fetch(`${server.url}/api/webhooks/${webhookId}/test`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { deliveryId: string }).deliveryId;
  }

  it("every delivery is attempted once and received once, whichever process claims it", async () => {
    const webhookIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api("POST", "/webhooks", {
        token: tenant.admin.token,
        body: { url: receiver.url, events: ["booking.created"] },
      });
      expect(response.status).toBe(201);
      webhookIds.push(response.body.webhook.id as string);
    }
    // 60 deliveries written while the endpoints are off (the processes' sweeps leave them), then all due at once
    await db.webhook.updateMany({ where: { id: { in: webhookIds } }, data: { status: "disabled" } });
    const queued: string[] = [];
    for (let i = 0; i < 20; i++)
      for (const webhookId of webhookIds) {
        const response = await api("POST", `/webhooks/${webhookId}/test`, { token: tenant.admin.token });
        expect(response.status).toBe(202);
        queued.push(response.body.deliveryId as string);
      }
    expect(receiver.received).toEqual([]);
    receiver.delayMs = 100; // attempts overlap: a claim of one process meets the other's leased rows
    await db.webhook.updateMany({ where: { id: { in: webhookIds } }, data: { status: "enabled" } });
    // both processes woken at once (besides their 5-second sweeps)
    const woken = await Promise.all(servers.map((server) => sendTestThrough(server, webhookIds[0]!)));
    const all = [...queued, ...woken];

    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(62);
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // a sweep of each process more: nothing again
    const received = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(received).toHaveLength(all.length);
    expect(new Set(received)).toEqual(new Set(all));
    const settled = await db.webhookDelivery.findMany({
      where: { id: { in: all } },
      select: { status: true, attempts: true },
    });
    expect(settled).toHaveLength(62);
    expect(settled.every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
  }, 90_000);
});
