// A wake that names its outboxes (a booking: its email and webhook deliveries) drains those alone:
// the other outboxes' rows wait for the sweep, which drains everything; a drain that did work runs
// again with what its rows may have written elsewhere. Each run is driven by hand (runJobsOnce).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { issueMagicLink } from "@/lib/auth/issue-magic-link";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { WebhookReceiver } from "@/tests/helpers/webhook-receiver";
import { expectLogged } from "@/tests/helpers/logs";
import { holdJobs, runJobsOnce, startJobs } from "./wake";

const receiver = new WebhookReceiver();
const savedAllowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
let tenant: TestTenant;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the runs
  await holdJobs();
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  await receiver.start();
  await runJobsOnce(); // the periodic work due at start, out of the way (it drains every outbox)
});
afterAll(async () => {
  await receiver.stop();
  if (savedAllowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_URLS = savedAllowPrivate;
  resetEnvCache();
  startJobs();
});
beforeEach(async () => {
  tenant = await createTenant();
});

/** A notice email waiting in its outbox, and whether any run has touched it since. */
async function waitingNotice() {
  // A kind no template renders: the run that takes it fails it, and says so.
  expectLogged("warn", /^notice email failed, will retry .*"kind":"waiting_for_the_sweep"/);
  const row = await db.noticeEmail.create({
    data: { accountId: tenant.accountId, kind: "waiting_for_the_sweep", userId: tenant.admin.userId },
  });
  return async () => {
    const now = await db.noticeEmail.findUnique({ where: { id: row.id } });
    return now === null || now.attempts > 0 || now.lockedUntil !== null;
  };
}

describe("a wake that names its outboxes", () => {
  it("sends a sign-in email without claiming the notice emails, which the next full run takes", async () => {
    const touched = await waitingNotice();
    const user = await db.user.findUniqueOrThrow({ where: { email: tenant.admin.email } });
    const account = await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
    await issueMagicLink({ user: { id: user.id, email: user.email!, locale: user.locale }, account });

    const next = await runJobsOnce("sign-in emails");
    expect(readOutbox().filter((email) => email.to === tenant.admin.email)).toHaveLength(1);
    expect(await touched()).toBe(false);
    expect(next).toEqual(new Set(["sign-in emails"])); // it did work: its next batch, nothing else

    expect(await runJobsOnce()).toBeInstanceOf(Set);
    expect(await touched()).toBe(true);
  });

  it("follows a webhook delivery with the notice emails it may have written (an endpoint disabled)", async () => {
    const created = await api("POST", "/webhooks", {
      token: tenant.admin.token,
      body: { url: receiver.url, events: ["booking.created"] },
    });
    expect(created.status).toBe(201);
    const test = await api("POST", `/webhooks/${created.body.webhook.id as string}/test`, {
      token: tenant.admin.token,
    });
    expect(test.status).toBe(202);
    const touched = await waitingNotice();

    const next = await runJobsOnce("webhook deliveries");
    expect(receiver.received).toHaveLength(1);
    expect(await touched()).toBe(false);
    expect(next).toEqual(new Set(["webhook deliveries", "notice emails"]));
    expect(await runJobsOnce(...(next as Set<"webhook deliveries" | "notice emails">))).toEqual(new Set());
    expect(await touched()).toBe(true);
  });
});
