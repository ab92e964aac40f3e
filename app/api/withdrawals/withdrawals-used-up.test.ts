// A pass used up withdrawn (issue 46 §2, decision 0049): the order ends without moving money, and
// the studio's webhooks hear `order.refunded` with `reason: "withdrawal"`.
import { beforeAll, describe, expect, it } from "vitest";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { allowLogged } from "@/tests/helpers/logs";

// The endpoint listens on port 9, where nothing answers: the jobs runner tries it in the background.
allowLogged("warn", /^webhook delivery failed, will retry .*"statusCode":null,/);

let tenant: TestTenant;
let buyer: TestMember;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

async function buyPass(classAllowance: number, amount: number) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "2 klip",
      type: "class_pass",
      classAllowance,
      status: "active",
      prices: [{ amount, currency: "DKK" }],
    },
  });
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id, startNow: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderId: response.body.order.id as string, entitlementId: response.body.entitlement.id as string };
}

async function attended(entitlementId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - (i + 1) * DAY) });
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: started.id,
        attendeeId: buyer.userId,
        entitlementId,
        status: "confirmed",
        attendance: "attended",
      },
    });
  }
}

const withdraw = (body: Record<string, unknown>, token?: string) => api("POST", "/withdrawals", { token, body });

describe("withdrawing a pass used up", () => {
  it("ends a pass used up without moving money, and tells the studio's webhooks it was a withdrawal", async () => {
    const hook = await api("POST", "/webhooks", {
      token: tenant.admin.token,
      body: { url: "http://127.0.0.1:9/hooks", events: ["order.refunded"] },
    });
    expect(hook.status, hook.text).toBe(201);
    const { orderId, entitlementId } = await buyPass(2, 30000);
    await attended(entitlementId, 2);

    const response = await withdraw({ orderId }, buyer.token);

    expect(response.body).toMatchObject({ usedAmount: 30000, refundAmount: 0, status: "refunded" });
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "refunded",
      refundedAmount: 0,
      refundReason: "withdrawal",
    });
    // no credit note of 0 kr.: nothing was refunded
    expect(await db.refund.count({ where: { orderId } })).toBe(0);
    expect((await db.withdrawal.findUniqueOrThrow({ where: { orderId } })).refundId).toBeNull();
    const [delivery] = await db.webhookDelivery.findMany({ where: { webhookId: hook.body.webhook.id } });
    expect(JSON.parse(delivery!.payload)).toMatchObject({
      type: "order.refunded",
      data: { id: orderId, status: "refunded", reason: "withdrawal" },
    });
  });
});
