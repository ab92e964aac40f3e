import http from "node:http";
import LinkHeader from "http-link-header";
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { setLogSink } from "@/lib/log";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { tenantDb } from "@/lib/db/tenant-db";
import { jobLog } from "@/lib/jobs/app-job-options";
import { drainWebhookDeliveries } from "@/lib/webhooks/webhook-delivery-jobs";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { decryptWebhookSecret } from "@/lib/webhooks/webhook-secret";
import { sendDueWebhooks } from "@/tests/helpers/app-drains";
import { startJobs, holdJobs } from "@/lib/jobs/wake";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { WebhookReceiver, type Received } from "@/tests/helpers/webhook-receiver";
import { allowLogged, expectLogged } from "@/tests/helpers/logs";

const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };
const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };
const HOUR = 3_600_000;

const receiver = new WebhookReceiver();
const savedEnv = { ...process.env };

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the drain itself
  await holdJobs();
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

let tenant: TestTenant;
beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  receiver.received = [];
  receiver.statuses = [];
  receiver.delayMs = 0;
  await db.webhookDelivery.deleteMany({}); // the file's own: drains below count only this test's deliveries
  tenant = await createTenant();
});
afterEach(() => {
  setLogSink(undefined);
  Object.assign(process.env, savedEnv);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  resetEnvCache();
});

async function newWebhook(owner: TestTenant = tenant, body: Record<string, unknown> = {}) {
  const response = await api("POST", "/webhooks", {
    token: owner.admin.token,
    body: { url: receiver.url, events: ["booking.created"], ...body },
  });
  expect(response.status).toBe(201);
  return { id: response.body.webhook.id as string, secret: response.body.secret as string, body: response.body };
}

async function sendTest(webhookId: string): Promise<string> {
  const response = await api("POST", `/webhooks/${webhookId}/test`, { token: tenant.admin.token });
  expect(response.status).toBe(202);
  return response.body.deliveryId as string;
}

/** The deliveries due at `now`, as the sender would attempt them. */
const drain = (now: Date, timeoutMs?: number) => sendDueWebhooks({ now, timeoutMs });

const asRecord = (headers: http.IncomingHttpHeaders) => headers as Record<string, string>;

describe("managing endpoints", () => {
  it("creates an endpoint whose secret is shown once and stored only encrypted", async () => {
    const response = await api("POST", "/webhooks", {
      token: tenant.admin.token,
      body: { url: receiver.url, events: ["booking.created", "order.paid"], description: " Our CRM " },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { webhook, secret } = response.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ["booking.created", "order.paid"],
      description: "Our CRM",
      status: "enabled",
      createdAt: expect.any(String),
    });
    const row = await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(row.accountId).toBe(tenant.accountId);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(decryptWebhookSecret(row.secretEncrypted, "development-webhook-key-change-me-in-production")).toBe(secret);

    const list = await api("GET", "/webhooks", { token: tenant.admin.token });
    expect(list.body).toEqual([webhook]);
    expect(list.text).not.toContain(secret.slice(6));
  });

  it("changes and deletes an endpoint; another studio's answers 404", async () => {
    const { id } = await newWebhook();
    const patched = await api("PATCH", `/webhooks/${id}`, {
      token: tenant.admin.token,
      body: { events: ["order.paid", "order.refunded"], description: "Shop", status: "disabled" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      events: ["order.paid", "order.refunded"],
      description: "Shop",
      status: "disabled",
    });
    const cleared = await api("PATCH", `/webhooks/${id}`, { token: tenant.admin.token, body: { description: null } });
    expect(cleared.body.description).toBeNull();

    const other = await createTenant();
    const theirs = await newWebhook(other);
    const token = tenant.admin.token;
    expect(await api("PATCH", `/webhooks/${theirs.id}`, { token, body: { status: "disabled" } })).toMatchObject(
      NOT_FOUND,
    );
    expect(await api("DELETE", `/webhooks/${theirs.id}`, { token })).toMatchObject(NOT_FOUND);
    expect(await api("POST", `/webhooks/${theirs.id}/test`, { token })).toMatchObject(NOT_FOUND);
    expect(await api("POST", `/webhooks/${theirs.id}/rotate-secret`, { token })).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/webhooks/${theirs.id}/deliveries`, { token })).toMatchObject(NOT_FOUND);
    expect((await api("GET", "/webhooks", { token })).body.map((w: { id: string }) => w.id)).toEqual([id]);

    expect((await api("DELETE", `/webhooks/${id}`, { token })).status).toBe(204);
    expect((await api("GET", "/webhooks", { token })).body).toEqual([]);
    expect(await api("DELETE", `/webhooks/${id}`, { token })).toMatchObject(NOT_FOUND);
    expect(await db.webhook.count({ where: { id: theirs.id } })).toBe(1);
  });

  it("is an administrator's (an API key too); teachers and attendees get 403", async () => {
    const { id } = await newWebhook();
    const teacher = await createMember(tenant.accountId, "teacher");
    const attendee = await createMember(tenant.accountId, "attendee");
    for (const token of [teacher.token, attendee.token]) {
      expect(await api("GET", "/webhooks", { token })).toMatchObject(FORBIDDEN);
      expect(
        await api("POST", "/webhooks", { token, body: { url: receiver.url, events: ["order.paid"] } }),
      ).toMatchObject(FORBIDDEN);
      expect(await api("PATCH", `/webhooks/${id}`, { token, body: { status: "disabled" } })).toMatchObject(FORBIDDEN);
      expect(await api("DELETE", `/webhooks/${id}`, { token })).toMatchObject(FORBIDDEN);
      expect(await api("POST", `/webhooks/${id}/test`, { token })).toMatchObject(FORBIDDEN);
      expect(await api("POST", `/webhooks/${id}/rotate-secret`, { token })).toMatchObject(FORBIDDEN);
      expect(await api("GET", `/webhooks/${id}/deliveries`, { token })).toMatchObject(FORBIDDEN);
    }
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Integration" } });
    const created = await api("POST", "/webhooks", {
      token: key.body.secret,
      body: { url: receiver.url, events: ["order.paid"] },
    });
    expect(created.status).toBe(201);
    const list = await api("GET", "/webhooks", { token: key.body.secret });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
  });

  it("refuses events it does not know, none, or one twice (400)", async () => {
    const token = tenant.admin.token;
    for (const events of [[], ["booking.deleted"], ["webhook.test"], ["order.paid", "order.paid"], "order.paid"]) {
      const response = await api("POST", "/webhooks", { token, body: { url: receiver.url, events } });
      expect(response.status, JSON.stringify(events)).toBe(400);
    }
    expect((await api("POST", "/webhooks", { token, body: { url: "not a url", events: ["order.paid"] } })).status).toBe(
      400,
    );
    expect(await db.webhook.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("refuses http and private addresses (400) unless WEBHOOK_ALLOW_PRIVATE_URLS", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "false";
    resetEnvCache();
    // The jobs runner, woken in the background, may now refuse a delivery an earlier test left to an
    // http receiver.
    allowLogged("warn", /^webhook delivery failed, will retry .*"errorName":"NotHttps"/);
    const token = tenant.admin.token;
    const refused = [
      receiver.url,
      "http://example.com/hooks",
      "https://127.0.0.1/hooks",
      "https://localhost/hooks",
      "https://localhost.:3443/hooks",
      "https://LOCALHOST../hooks",
      "https://api.localhost/hooks",
      "https://api.localhost./hooks",
      "https://printer.local/hooks",
      "https://db.internal/hooks",
      "https://nas.home.arpa/hooks",
      "https://127.0.0.1./hooks",
      "https://10.1.2.3/hooks",
      "https://192.168.0.10/hooks",
      "https://169.254.169.254/latest",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
    ];
    for (const url of refused) {
      const response = await api("POST", "/webhooks", { token, body: { url, events: ["order.paid"] } });
      expect(response.status, url).toBe(400);
    }
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
    resetEnvCache();
    const { id } = await newWebhook();
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "false";
    resetEnvCache();
    const moved = await api("PATCH", `/webhooks/${id}`, { token, body: { url: "https://10.0.0.1/x" } });
    expect(moved.status).toBe(400);

    // checked at delivery too: the endpoint saved while allowed is not reached now
    await sendTest(id);
    await drain(new Date());
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
  });
});

describe("delivering", () => {
  it("sends a signed webhook.test event that the standardwebhooks library verifies", async () => {
    const { id, secret } = await newWebhook();
    const deliveryId = await sendTest(id);
    expect(await drain(new Date())).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received as [Received];
    expect(headers["webhook-id"]).toBe(deliveryId);
    expect(headers["content-type"]).toBe("application/json");
    const verified = new Verifier(secret).verify(body, asRecord(headers));
    expect(verified).toMatchObject({ type: "webhook.test", timestamp: expect.any(String), data: { webhookId: id } });
    expect(() =>
      new Verifier(`whsec_${Buffer.alloc(32).toString("base64")}`).verify(body, asRecord(headers)),
    ).toThrow();

    const list = await api("GET", `/webhooks/${id}/deliveries`, { token: tenant.admin.token });
    expect(list.body).toEqual([
      {
        id: deliveryId,
        eventType: "webhook.test",
        status: "succeeded",
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(await drain(new Date(Date.now() + 48 * HOUR))).toBe(0); // nothing twice
  });

  it("is sent within moments by the process's sender, and no secret or URL reaches the log", async () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    const { id, secret } = await newWebhook();
    const rotated = await api("POST", `/webhooks/${id}/rotate-secret`, { token: tenant.admin.token });
    startJobs();
    try {
      const deliveryId = await sendTest(id);
      await expect.poll(() => receiver.received.length, { timeout: 3_000 }).toBe(1);
      expect(receiver.received[0]!.headers["webhook-id"]).toBe(deliveryId);
      await expect.poll(() => lines.some((line) => line.includes("webhook delivered"))).toBe(true);
    } finally {
      await holdJobs();
    }
    const logged = lines.join("\n");
    expect(logged).toContain(id);
    for (const text of [secret.slice(6), rotated.body.secret.slice(6), receiver.url])
      expect(logged).not.toContain(text);
  });

  it("retries a 500 after 5 seconds with the same webhook-id and body, then succeeds", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":500,"attempts":1,/);
    const { id, secret } = await newWebhook();
    receiver.statuses = [500];
    await sendTest(id);
    const start = new Date();
    await drain(start);
    const token = tenant.admin.token;
    const [failed] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(new Date(failed.nextAttemptAt).getTime()).toBe(start.getTime() + 5_000);

    expect(await drain(new Date(start.getTime() + 4_000))).toBe(0); // not due yet
    expect(await drain(new Date(start.getTime() + 5_000))).toBe(1);
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received as [Received, Received];
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.body).toBe(first.body);
    const [done] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
    expect(done).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect(new Verifier(secret).verify(second.body, asRecord(second.headers))).toMatchObject({ type: "webhook.test" });
  });

  it("does not follow a redirect: a 3xx is a failure", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":302,/);
    const { id } = await newWebhook();
    receiver.statuses = [302];
    await sendTest(id);
    await drain(new Date());
    expect(receiver.received).toHaveLength(1);
    const [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token: tenant.admin.token })).body;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302 });
  });

  it("keeps the secret unreadable without WEBHOOK_SECRET_KEY", async () => {
    const { id, secret } = await newWebhook();
    const row = await db.webhook.findUniqueOrThrow({ where: { id } });
    expect(() => decryptWebhookSecret(row.secretEncrypted, "another-key-of-sixteen-characters")).toThrow();
    const other = await newWebhook();
    const otherRow = await db.webhook.findUniqueOrThrow({ where: { id: other.id } });
    expect(otherRow.secretEncrypted).not.toBe(row.secretEncrypted);
    expect(secret).not.toBe(other.secret);
  });

  it("counts a timeout as a failure and backs off further each time, then gives up", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"errorName":"Timeout"/);
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":503,/);
    expectLogged("error", /^webhook delivery given up .*"attempts":8,/);
    const { id } = await newWebhook();
    receiver.delayMs = 300;
    await sendTest(id);
    let now = new Date();
    await drain(now, 50);
    const token = tenant.admin.token;
    let [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    receiver.delayMs = 0;
    receiver.statuses = Array(10).fill(503);
    const waits: number[] = [];
    for (;;) {
      [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
      if (delivery.status !== "pending") break;
      const due = new Date(delivery.nextAttemptAt);
      waits.push(due.getTime() - now.getTime());
      now = due;
      expect(await drain(now)).toBe(1);
    }
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    expect(delivery).toMatchObject({ status: "failed", attempts: 8, lastStatusCode: 503, nextAttemptAt: null });

    // retry → 202, one more attempt, delivered
    const retried = await api("POST", `/webhooks/${id}/deliveries/${delivery.id}/retry`, { token });
    expect(retried.status).toBe(202);
    receiver.statuses = [];
    expect(await drain(new Date())).toBe(1);
    [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token })).body;
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 9, lastStatusCode: 200 });
    const other = await createTenant();
    const theirs = await newWebhook(other);
    expect(await api("POST", `/webhooks/${theirs.id}/deliveries/${delivery.id}/retry`, { token })).toMatchObject(
      NOT_FOUND,
    );
  });

  it("disables an endpoint whose deliveries have failed for 5 days", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":500,/);
    expectLogged("error", /^webhook endpoint disabled after 5 days of failures/);
    const { id } = await newWebhook();
    receiver.statuses = Array(20).fill(500);
    await sendTest(id);
    const start = new Date();
    await drain(start);
    const retried = new Date(start.getTime() + 5 * 24 * HOUR);
    const [delivery] = (await api("GET", `/webhooks/${id}/deliveries`, { token: tenant.admin.token })).body;
    await api("POST", `/webhooks/${id}/deliveries/${delivery.id}/retry`, { token: tenant.admin.token });
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: retried } });
    await drain(retried);
    const [endpoint] = (await api("GET", "/webhooks", { token: tenant.admin.token })).body;
    expect(endpoint.status).toBe("disabled");
    // a disabled endpoint is sent nothing; enabling it again restarts the count
    await sendTest(id);
    expect(await drain(new Date(retried.getTime() + 1))).toBe(0);
    await api("PATCH", `/webhooks/${id}`, { token: tenant.admin.token, body: { status: "enabled" } });
    receiver.statuses = [];
    expect(await drain(new Date(retried.getTime() + 1))).toBe(1);
  });

  it("signs with the old secret too for 24 hours after a rotation, then with the new one only", async () => {
    const { id, secret: oldSecret } = await newWebhook();
    const rotated = await api("POST", `/webhooks/${id}/rotate-secret`, { token: tenant.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("cache-control")).toBe("no-store");
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);

    await sendTest(id);
    await drain(new Date());
    const [within] = receiver.received as [Received];
    expect(within.headers["webhook-signature"]?.toString().split(" ")).toHaveLength(2);
    expect(new Verifier(oldSecret).verify(within.body, asRecord(within.headers))).toMatchObject({
      type: "webhook.test",
    });
    expect(new Verifier(newSecret).verify(within.body, asRecord(within.headers))).toMatchObject({
      type: "webhook.test",
    });

    const later = new Date(Date.now() + 24 * HOUR + 60_000);
    const deliveryId = await sendTest(id);
    await drain(later);
    const after = receiver.received[1]!;
    // the library checks the timestamp against the real clock: compare with its own signature instead
    const signatures = after.headers["webhook-signature"]?.toString().split(" ");
    expect(signatures).toEqual([new Verifier(newSecret).sign(deliveryId, later, after.body)]);
    expect(signatures).not.toContain(new Verifier(oldSecret).sign(deliveryId, later, after.body));
  });

  it("enqueues a domain event for the account's enabled endpoints that subscribe to it, in the caller's transaction", async () => {
    const subscribed = await newWebhook(tenant, { events: ["order.paid", "booking.created"] });
    await newWebhook(tenant, { events: ["order.refunded"] });
    const disabled = await newWebhook(tenant, { events: ["order.paid"] });
    await api("PATCH", `/webhooks/${disabled.id}`, { token: tenant.admin.token, body: { status: "disabled" } });
    const other = await createTenant();
    await newWebhook(other, { events: ["order.paid"] });
    const now = new Date();
    const count = await tenantDb(tenant.accountId).$transaction((tx) =>
      enqueueWebhookEvent(tx, { accountId: tenant.accountId, type: "order.paid", data: { orderId: "o1" }, now }),
    );
    expect(count).toBe(1);
    expect(await drain(now)).toBe(1);
    const [delivered] = receiver.received as [Received];
    expect(new Verifier(subscribed.secret).verify(delivered.body, asRecord(delivered.headers))).toEqual({
      type: "order.paid",
      timestamp: now.toISOString(),
      data: { orderId: "o1" },
    });
  });

  it("pages the deliveries list with Link rel=next", async () => {
    const { id } = await newWebhook();
    const ids = [await sendTest(id), await sendTest(id), await sendTest(id)];
    const token = tenant.admin.token;
    const first = await api("GET", `/webhooks/${id}/deliveries?limit=2`, { token });
    expect(first.body).toHaveLength(2);
    const next = LinkHeader.parse(first.headers.get("link") ?? "").rel("next")[0]?.uri;
    expect(next).toBeDefined();
    const second = await api("GET", next!.replace(/^\/api/, ""), { token });
    expect(second.body).toHaveLength(1);
    expect(second.headers.get("link")).toBeNull();
    const seen = [...first.body, ...second.body].map((delivery: { id: string }) => delivery.id);
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await api("GET", `/webhooks/${id}/deliveries?cursor=abc`, { token })).status).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_FILE_URL)("drains racing on PostgreSQL", () => {
  it("four concurrent drains attempt each delivery once (counted at the receiver)", async () => {
    const webhooks = [await newWebhook(), await newWebhook(), await newWebhook()];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) for (const { id } of webhooks) ids.push(await sendTest(id));
    const settings = { secretKey: "development-webhook-key-change-me-in-production", allowPrivateUrls: true };
    const now = new Date();
    const drains = Array.from({ length: 4 }, () =>
      drainWebhookDeliveries({ sql: getDatabase().raw, now, batchSize: 2, ...settings, log: jobLog }),
    );
    const attempted = await Promise.all(drains);
    expect(attempted.reduce((sum, count) => sum + count, 0)).toBe(30);
    expect(attempted.filter((count) => count > 0).length).toBeGreaterThan(1); // they did run side by side
    const received = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(received).toHaveLength(30);
    expect(new Set(received)).toEqual(new Set(ids));
    expect(await db.webhookDelivery.count({ where: { id: { in: ids }, status: "succeeded", attempts: 1 } })).toBe(30);
  });
});
