// The domain events a change writes to the webhook outbox in its own transaction (issue 18 §2):
// orders paid and refunded, classes cancelled and moved. Delivery itself: webhooks.test.ts.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { BookingEventSchema, InstanceEventSchema, OrderEventSchema } from "@/lib/schemas/webhook-event";
import type { z } from "@/lib/schemas/zod";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { allowLogged } from "@/tests/helpers/logs";

// The endpoints listen on port 9, where nothing answers: the jobs runner each change wakes tries
// them in the background, and whether within a test or after it is a matter of timing.
allowLogged("warn", /^webhook delivery failed, will retry .*"statusCode":null,/);

let tenant: TestTenant;

beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  tenant = await createTenant();
});

async function subscribe(events: string[], owner: TestTenant = tenant) {
  const response = await api("POST", "/webhooks", {
    token: owner.admin.token,
    body: { url: "http://127.0.0.1:9/hooks", events },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.webhook.id as string;
}

const EVENT_SCHEMAS: Record<string, z.ZodType> = {
  booking: BookingEventSchema,
  instance: InstanceEventSchema,
  order: OrderEventSchema,
};

/** The bodies queued for an endpoint, oldest first. */
async function queued(
  webhookId: string,
): Promise<{ type: string; timestamp: string; data: Record<string, unknown> }[]> {
  const rows = await db.webhookDelivery.findMany({ where: { webhookId }, orderBy: { createdAt: "asc" } });
  // each one what the OpenAPI document's webhooks promise for its type
  return rows.map((row) => {
    const body = JSON.parse(row.payload);
    EVENT_SCHEMAS[row.eventType.split(".")[0]!]!.parse(body);
    return body;
  });
}

async function paidOrder() {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Five classes",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
    },
  });
  const member = await createMember(tenant.accountId, "attendee");
  const checkout = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(checkout.status, checkout.text).toBe(201);
  return checkout.body.order.id as string;
}

describe("webhook events", () => {
  it("an order paid and then refunded: order.paid and order.refunded carry the order as GET /orders answers it", async () => {
    const webhookId = await subscribe(["order.paid", "order.refunded"]);
    const orderId = await paidOrder();
    expect((await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token })).status).toBe(200);

    const [paid, refunded, ...more] = await queued(webhookId);
    expect(more).toHaveLength(0);
    expect(paid).toMatchObject({ type: "order.paid", data: { id: orderId, status: "paid" } });
    expect(refunded).toMatchObject({ type: "order.refunded", data: { id: orderId, status: "refunded" } });
    const listed = (await api("GET", "/orders", { token: tenant.admin.token })).body as { id: string }[];
    // and why: the studio gave no reason (a withdrawal's says `withdrawal`)
    expect(refunded!.data).toEqual({ ...listed.find((order) => order.id === orderId), reason: null });
    expect(Date.parse(paid!.timestamp)).not.toBeNaN();
  });

  it("a class cancelled or moved: instance.cancelled and instance.moved carry the instance after the change", async () => {
    const webhookId = await subscribe(["instance.cancelled", "instance.moved"]);
    const moving = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const cancelling = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY) });
    const later = new Date(moving.startsAt.getTime() + 3_600_000).toISOString();
    const patch = (id: string, body: unknown) => api("PATCH", `/instances/${id}`, { token: tenant.admin.token, body });
    expect((await patch(moving.id, { action: "move", startsAt: later })).status).toBe(200);
    expect((await patch(cancelling.id, { action: "cancel" })).status).toBe(200);

    const events = await queued(webhookId);
    expect(events.map((event) => [event.type, event.data.id])).toEqual([
      ["instance.moved", moving.id],
      ["instance.cancelled", cancelling.id],
    ]);
    expect(events[0]!.data).toMatchObject({ status: "moved", startsAt: later });
    expect(events[1]!.data).toMatchObject({ status: "cancelled", bookedCount: 0 });
  });

  it("only to endpoints that subscribe, are enabled, and belong to the studio", async () => {
    const ordersOnly = await subscribe(["order.refunded"]);
    const disabled = await subscribe(["order.paid"]);
    expect(
      (await api("PATCH", `/webhooks/${disabled}`, { token: tenant.admin.token, body: { status: "disabled" } })).status,
    ).toBe(200);
    const elsewhere = await subscribe(["order.paid"], await createTenant());

    await paidOrder();

    expect(await queued(ordersOnly)).toEqual([]);
    expect(await queued(disabled)).toEqual([]);
    expect(await queued(elsewhere)).toEqual([]);
  });
});
