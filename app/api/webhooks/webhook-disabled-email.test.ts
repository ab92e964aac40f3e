// An endpoint disabled after 5 days of failures emails each of the studio's administrators once
// (decision 0024). The drain is driven with an injected clock against a local receiver that answers 500.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { formatDateTime } from "@/lib/format/dates";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { jobLog } from "@/lib/jobs/app-job-options";
import { drainWebhookDeliveries, type WebhookDrainEvent } from "@/lib/webhooks/webhook-delivery-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { expectLogged } from "@/tests/helpers/logs";

const DAY = 24 * 3_600_000;
const settings = { secretKey: "development-webhook-key-change-me-in-production", allowPrivateUrls: true };

/** An endpoint that always fails. */
const receiver = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(500).end());
});
const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/secret-path?token=abc`;
const savedEnv = { ...process.env };

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the drain itself
  await holdJobs();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

let tenant: TestTenant;
let admins: TestMember[];
let attendee: TestMember;
let disabledAdmin: TestMember;
beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  await db.webhookDelivery.deleteMany({});
  await db.noticeEmail.deleteMany({});
  tenant = await createTenant({ name: "Studio Sol" });
  const second = await createMember(tenant.accountId, "administrator", { displayName: "Bo" });
  await db.user.update({ where: { id: second.userId }, data: { locale: "en" } });
  admins = [tenant.admin, second];
  attendee = await createMember(tenant.accountId, "attendee");
  await createMember(tenant.accountId, "teacher");
  disabledAdmin = await createMember(tenant.accountId, "administrator", { status: "disabled" });
});
afterEach(() => {
  Object.assign(process.env, savedEnv);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  resetEnvCache();
});

/** An endpoint of the tenant with `deliveries` test deliveries waiting. */
async function failingEndpoint(deliveries = 1): Promise<string> {
  const created = await api("POST", "/webhooks", {
    token: tenant.admin.token,
    body: { url: receiverUrl(), events: ["order.paid"] },
  });
  expect(created.status).toBe(201);
  const id = created.body.webhook.id as string;
  for (let index = 0; index < deliveries; index += 1)
    expect((await api("POST", `/webhooks/${id}/test`, { token: tenant.admin.token })).status).toBe(202);
  return id;
}

/** Drains at `now` (each drain's events into `events`); `drains` run side by side, one delivery a batch. */
async function drainAt(now: Date, events: WebhookDrainEvent[], drains = 1): Promise<void> {
  await Promise.all(
    Array.from({ length: drains }, () =>
      drainWebhookDeliveries({
        sql: getDatabase().raw,
        now,
        batchSize: 1,
        ...settings,
        log: jobLog, // the app's: the test's log sink, not the console
        onEvent: (e) => events.push(e),
      }),
    ),
  );
}

/** Makes the endpoint's waiting deliveries due again at `at` (as the retry button would, with a clock). */
async function dueAgain(webhookId: string, at: Date): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { webhookId }, data: { nextAttemptAt: at, status: "pending" } });
}

const disabledEmails = () => readOutbox().filter((email) => email.id.startsWith("notice-webhook_disabled-"));

describe("an endpoint disabled after 5 days of failures", () => {
  it("emails each administrator once, in their language, with the host only; not attendees, teachers or disabled people", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":500,/);
    expectLogged("error", /^webhook endpoint disabled after 5 days of failures/);
    const webhookId = await failingEndpoint();
    const start = new Date();
    const events: WebhookDrainEvent[] = [];
    await drainAt(start, events);
    await dueAgain(webhookId, new Date(start.getTime() + 4 * DAY));
    await drainAt(new Date(start.getTime() + 4 * DAY), events); // 4 days: still enabled
    expect(await db.noticeEmail.count({ where: { webhookId } })).toBe(0);

    const fifthDay = new Date(start.getTime() + 5 * DAY);
    await dueAgain(webhookId, fifthDay);
    await drainAt(fifthDay, events);
    expect((await db.webhook.findUniqueOrThrow({ where: { id: webhookId } })).status).toBe("disabled");
    expect(events.filter((event) => event.kind === "endpoint_disabled")).toHaveLength(1);
    const queued = await db.noticeEmail.findMany({ where: { webhookId } });
    expect(queued.map((row) => row.userId).sort()).toEqual(admins.map((admin) => admin.userId).sort());

    expect(await sendWaitingNoticeEmails()).toBe(2);
    expect(await sendWaitingNoticeEmails()).toBe(0);
    const sent = disabledEmails();
    expect(sent.map((email) => email.to).sort()).toEqual(admins.map((admin) => admin.email).sort());
    for (const other of [attendee, disabledAdmin]) expect(sent.some((email) => email.to === other.email)).toBe(false);

    const host = new URL(receiverUrl()).host;
    const danish = sent.find((email) => email.to === tenant.admin.email)!;
    expect(danish.subject).toBe(`Webhook-endpoint slået fra: ${host}`);
    const since = formatDateTime(start, { locale: "da-DK", zone: "Europe/Copenhagen" });
    expect(danish.text).toContain(`har fejlet siden ${since}`);
    expect(danish.text).toContain("/dashboard/webhooks");
    const english = sent.find((email) => email.to === admins[1]!.email)!;
    expect(english.subject).toBe(`Webhook endpoint disabled: ${host}`);
    for (const email of sent) {
      expect(email.text).not.toContain("secret-path");
      expect(email.html).not.toContain("token=abc");
    }
  });

  it("emails again only when the endpoint, enabled again, fails for another 5 days", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":500,/);
    expectLogged("error", /^webhook endpoint disabled after 5 days of failures/);
    const webhookId = await failingEndpoint();
    const start = new Date();
    const events: WebhookDrainEvent[] = [];
    await drainAt(start, events);
    const fifthDay = new Date(start.getTime() + 5 * DAY);
    await dueAgain(webhookId, fifthDay);
    await drainAt(fifthDay, events);
    expect(await db.noticeEmail.count({ where: { webhookId } })).toBe(2);

    const enabled = await api("PATCH", `/webhooks/${webhookId}`, {
      token: tenant.admin.token,
      body: { status: "enabled" },
    });
    expect(enabled.status).toBe(200);
    const retried = new Date(fifthDay.getTime() + DAY);
    await dueAgain(webhookId, retried);
    await drainAt(retried, events); // fails again: a new run of failures starts
    expect(await db.noticeEmail.count({ where: { webhookId } })).toBe(2);
    const tenthDay = new Date(retried.getTime() + 5 * DAY);
    await dueAgain(webhookId, tenthDay);
    await drainAt(tenthDay, events);
    expect(await db.noticeEmail.count({ where: { webhookId } })).toBe(4);
    expect(events.filter((event) => event.kind === "endpoint_disabled")).toHaveLength(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_FILE_URL)("drains racing on PostgreSQL", () => {
  it("two drains failing at once disable the endpoint once and email each administrator once", async () => {
    expectLogged("warn", /^webhook delivery failed, will retry .*"statusCode":500,/);
    expectLogged("error", /^webhook endpoint disabled after 5 days of failures/);
    const webhookId = await failingEndpoint(4);
    const start = new Date();
    const events: WebhookDrainEvent[] = [];
    await drainAt(start, events, 2);
    const fifthDay = new Date(start.getTime() + 5 * DAY);
    await dueAgain(webhookId, fifthDay);
    await drainAt(fifthDay, events, 2);
    const attemptsOnTheFifthDay = events.filter((event) => event.kind !== "endpoint_disabled").length - 4;
    expect(attemptsOnTheFifthDay).toBeGreaterThan(1); // both drains attempted before the endpoint was disabled
    expect(events.filter((event) => event.kind === "endpoint_disabled")).toHaveLength(1);
    expect(await db.noticeEmail.count({ where: { webhookId } })).toBe(admins.length);
    expect(await sendWaitingNoticeEmails()).toBe(admins.length);
  });
});
