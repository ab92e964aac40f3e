import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { decryptWebhookSecret } from "@/lib/webhooks/webhook-secret";
import { holdJobs } from "@/lib/jobs/wake";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
// redirect() throws as Next's does, so the test sees where the action went
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const {
  createWebhookAction,
  deleteWebhookAction,
  retryDeliveryAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setWebhookStatusAction,
  updateWebhookAction,
} = await import("./actions");

// A name that does not resolve here (no DNS): saving accepts it (delivery would check again).
const URL = "https://hooks.example.com/studio";
const HOUR = 3_600_000;

let tenant: TestTenant;
beforeAll(async () => {
  await holdJobs(); // the actions wake it; these tests send nothing
});
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

async function newWebhook(owner: TestTenant = tenant) {
  signInAs(owner.admin.token);
  const created = await createWebhookAction(formData({ url: URL, events: ["booking.created"] }));
  signInAs(tenant.admin.token);
  expect(created.ok).toBe(true);
  return db.webhook.findFirstOrThrow({ where: { accountId: owner.accountId }, orderBy: { createdAt: "desc" } });
}

describe("webhook actions", () => {
  it("create an endpoint and answer its secret once, stored encrypted", async () => {
    const created = await createWebhookAction(
      formData({ url: URL, events: ["booking.created", "order.paid"], description: " Our CRM " }),
    );
    expect(created).toEqual({
      ok: true,
      message: `Created the webhook to ${URL}.`,
      secret: expect.stringMatching(/^whsec_/),
    });
    const webhook = await db.webhook.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(webhook).toMatchObject({
      url: URL,
      events: ["booking.created", "order.paid"],
      description: "Our CRM",
      status: "enabled",
    });
    expect(webhook.secretEncrypted).not.toContain(created.secret!.slice("whsec_".length));
    expect(decryptWebhookSecret(webhook.secretEncrypted, env().WEBHOOK_SECRET_KEY)).toBe(created.secret);
  });

  it("refuse an http, a private or a local address and no events, in plain words at the fields", async () => {
    expect(
      await createWebhookAction(formData({ url: "http://hooks.example.com/studio", events: ["order.paid"] })),
    ).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { url: "Enter an address that starts with https://" },
    });
    expect((await createWebhookAction(formData({ url: "hooks.example.com" }))).fieldErrors).toEqual({
      url: "Enter an address that starts with https://",
      events: "Choose at least one of the events.",
    });
    const publicOnly =
      "Enter a public internet address: this one points to a private or local network, which webhooks may not reach";
    for (const url of ["https://10.0.0.5/hooks", "https://localhost/hooks", "https://[::1]/hooks"])
      expect((await createWebhookAction(formData({ url, events: ["order.paid"] }))).fieldErrors).toEqual({
        url: publicOnly,
      });
    expect(
      (await createWebhookAction(formData({ url: "https://me:pw@hooks.example.com/", events: ["order.paid"] })))
        .fieldErrors,
    ).toEqual({ url: "Leave out the user name and password: put nothing before @ in the address" });
    expect((await createWebhookAction(formData({ url: URL, events: ["booking.made"] }))).fieldErrors).toEqual({
      events: "Choose at least one of the events.",
    });
    expect(await db.webhook.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("change the URL, events and description; disable and enable (which clears failing since)", async () => {
    const webhook = await newWebhook();
    const saved = await updateWebhookAction(
      formData({
        webhookId: webhook.id,
        url: "https://crm.example.com/in",
        events: ["order.paid", "order.refunded"],
        description: "",
      }),
    );
    expect(saved).toEqual({ ok: true, message: "Saved." });
    expect(await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({
      url: "https://crm.example.com/in",
      events: ["order.paid", "order.refunded"],
      description: null,
    });
    expect(
      (
        await updateWebhookAction(
          formData({ webhookId: webhook.id, url: "https://127.0.0.1/", events: ["order.paid"] }),
        )
      ).fieldErrors,
    ).toHaveProperty("url");

    expect(await setWebhookStatusAction(formData({ webhookId: webhook.id, status: "disabled" }))).toEqual({
      ok: true,
      message: "Switched off: nothing is sent until it is switched on again.",
    });
    await db.webhook.update({ where: { id: webhook.id }, data: { failingSince: new Date(Date.now() - 48 * HOUR) } });
    expect((await setWebhookStatusAction(formData({ webhookId: webhook.id, status: "enabled" }))).ok).toBe(true);
    expect(await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({
      status: "enabled",
      failingSince: null,
    });
  });

  it("send a test event, make a failed delivery due now, rotate the secret and delete", async () => {
    const webhook = await newWebhook();
    expect(await sendTestEventAction(formData({ webhookId: webhook.id }))).toEqual({
      ok: true,
      message: "Test event sent. It appears in the list below.",
    });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
    expect(delivery).toMatchObject({ eventType: "webhook.test", status: "pending", attempts: 0 });

    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "failed", attempts: 8, lastStatusCode: 500, nextAttemptAt: null },
    });
    const before = Date.now();
    expect(await retryDeliveryAction(formData({ webhookId: webhook.id, deliveryId: delivery.id }))).toEqual({
      ok: true,
      message: "It will be sent again within seconds.",
    });
    const due = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(due).toMatchObject({ status: "pending", attempts: 8 });
    expect(due.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(due.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const rotated = await rotateWebhookSecretAction(formData({ webhookId: webhook.id }));
    expect(rotated).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_/) });
    const stored = await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(decryptWebhookSecret(stored.secretEncrypted, env().WEBHOOK_SECRET_KEY)).toBe(rotated.secret);
    expect(stored.previousSecretEncrypted).toBe(webhook.secretEncrypted);

    await expect(deleteWebhookAction(formData({ webhookId: webhook.id }))).rejects.toThrow(
      "redirect /dashboard/webhooks?deleted=1",
    );
    expect(await db.webhook.count({ where: { id: webhook.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);
  });

  it("say when a test event waits for the webhook to be switched on, and when a delivery is being sent already", async () => {
    const webhook = await newWebhook();
    await db.webhook.update({ where: { id: webhook.id }, data: { status: "disabled" } });
    expect(await sendTestEventAction(formData({ webhookId: webhook.id }))).toEqual({
      ok: true,
      message: "Test event queued. The webhook is switched off: it is sent when you switch it on.",
    });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
    const leasedUntil = new Date(Date.now() + 60_000); // a drain holds it: this attempt is under way
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { lockedUntil: leasedUntil } });
    expect(await retryDeliveryAction(formData({ webhookId: webhook.id, deliveryId: delivery.id }))).toEqual({
      ok: true,
      message: "It is being sent right now: look at the list again in a moment.",
    });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      lockedUntil: leasedUntil,
    });
  });

  it("do not reach another studio's webhook or its deliveries", async () => {
    const other = await createTenant();
    const theirs = await newWebhook(other);
    const delivery = await db.webhookDelivery.create({
      data: {
        accountId: other.accountId,
        webhookId: theirs.id,
        eventType: "webhook.test",
        payload: "{}",
        status: "failed",
      },
    });
    const notFound = { ok: false, error: "Resource not found" };
    const id = { webhookId: theirs.id };
    expect(await updateWebhookAction(formData({ ...id, url: URL, events: ["order.paid"] }))).toEqual(notFound);
    expect(await setWebhookStatusAction(formData({ ...id, status: "disabled" }))).toEqual(notFound);
    expect(await sendTestEventAction(formData(id))).toEqual(notFound);
    expect(await rotateWebhookSecretAction(formData(id))).toEqual(notFound);
    expect(await retryDeliveryAction(formData({ ...id, deliveryId: delivery.id }))).toEqual(notFound);
    expect(await deleteWebhookAction(formData(id))).toEqual(notFound);

    // nor one of theirs through one of ours
    const ours = await newWebhook();
    expect(await retryDeliveryAction(formData({ webhookId: ours.id, deliveryId: delivery.id }))).toEqual(notFound);
    expect(await db.webhook.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      url: URL,
      status: "enabled",
      secretEncrypted: theirs.secretEncrypted,
    });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "failed",
    });
  });

  it("are an administrator's: a teacher is sent away", async () => {
    const webhook = await newWebhook();
    const teacher = await createMember(tenant.accountId, "teacher");
    signInAs(teacher.token);
    await expect(createWebhookAction(formData({ url: URL, events: ["order.paid"] }))).rejects.toThrow();
    await expect(setWebhookStatusAction(formData({ webhookId: webhook.id, status: "disabled" }))).rejects.toThrow();
    await expect(deleteWebhookAction(formData({ webhookId: webhook.id }))).rejects.toThrow();
    expect(await db.webhook.findMany({ where: { accountId: tenant.accountId } })).toMatchObject([
      { id: webhook.id, status: "enabled" },
    ]);
  });
});
