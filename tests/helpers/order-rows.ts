// What a payment and a refund leave in the database, whichever way the order was paid (decision 0047:
// markPaid / markRefunded run the one list ORDER_EVENTS): the order's receipt number, the order.paid
// and order.refunded webhook deliveries, the Dinero sale and refund vouchers, the receipt email in the
// notice outbox, and the entitlement granted, extended or left alone. The studio is set up through
// the routes: a webhook endpoint subscribed to both events and Dinero connected (the fake, which the
// file starts). The jobs runner is held so the rows stay as the payment wrote them.
import type { Entitlement, Order } from "@prisma/client";
import { beforeAll, expect } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "./api";
import { DINERO, useFakeDinero, type FakeDinero } from "./fake-dinero";
import { createTenant, type TestTenant } from "./fixtures";

/** What the payment did to an entitlement: granted one of this order, gave `before` one more period, or neither. */
export type EntitlementEffect =
  | { entitlement: "created" }
  | { entitlement: "extended"; before: EntitlementBefore }
  | { entitlement: "none" };

/** The entitlement a renewal extends, as it was before the renewal. */
export type EntitlementBefore = Pick<Entitlement, "id" | "validUntil">;

/** The effect a way to pay names, with the entitlement it found before for a renewal. */
export function effectOf(entitlement: EntitlementEffect["entitlement"], before?: EntitlementBefore): EntitlementEffect {
  return entitlement === "extended" ? { entitlement, before: before! } : { entitlement };
}

export type Product = { id: string; prices: { id: string }[] };

/** An active product of the studio, through POST /products. */
export async function product(tenant: TestTenant, body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", { token: tenant.admin.token, body: { status: "active", ...body } });
  expect(response.status, response.text).toBe(201);
  return response.body as Product;
}

const HOUR = 3_600_000;
/** A course's classes, far ahead: buying it enrols the buyer whenever the test runs. */
const COURSE_WEEKS = [0, 1, 2].map((week) => new Date(Date.UTC(2099, 0, 13 + 7 * week, 17)));

/** A course of three weekly classes whose price (`amount`) is paid in `instalments`. */
export async function courseInInstalments(tenant: TestTenant, amount: number, instalments: number): Promise<Product> {
  const event = await db.event.create({
    data: { accountId: tenant.accountId, title: "Sæsonhold", durationMinutes: 60, capacity: 8, status: "published" },
  });
  for (const startsAt of COURSE_WEEKS)
    await db.instance.create({
      data: {
        accountId: tenant.accountId,
        eventId: event.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        capacity: 8,
      },
    });
  return product(tenant, {
    type: "custom",
    name: "Sæsonhold",
    courseEventId: event.id,
    prices: [{ amount, currency: "DKK", instalments }],
  });
}

/**
 * For the file (call at its top): the fake Dinero, private webhook URLs allowed, and the jobs runner
 * held, so that the outboxes keep what a payment wrote (nothing is sent, delivered or booked).
 */
export function useOrderRows(): FakeDinero {
  const dinero = useFakeDinero();
  beforeAll(async () => {
    Object.assign(process.env, { WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
    resetEnvCache();
    startBackgroundWork(); // as the api helper would at its first request; then held
    await holdJobs();
  });
  return dinero;
}

/** A studio with a webhook endpoint for order.paid and order.refunded and its Dinero connected, through the API. */
export async function studioWithBooks(): Promise<TestTenant & { webhookId: string }> {
  const tenant = await createTenant();
  const webhook = await api("POST", "/webhooks", {
    token: tenant.admin.token,
    body: { url: "http://127.0.0.1:9/hooks", events: ["order.paid", "order.refunded"] },
  });
  expect(webhook.status, webhook.text).toBe(201);
  const dinero = await api("PATCH", "/account/accounting/dinero", {
    token: tenant.admin.token,
    body: { dinero: DINERO },
  });
  expect(dinero.status, dinero.text).toBe(200);
  return { ...tenant, webhookId: webhook.body.webhook.id as string };
}

/** The webhook deliveries of `type` whose event is about the order, with the endpoint each is for. */
async function deliveriesAbout(order: Order, type: "order.paid" | "order.refunded") {
  const rows = await db.webhookDelivery.findMany({
    where: { accountId: order.accountId, eventType: type },
    include: { webhook: true },
  });
  return rows
    .map((row) => ({ ...row, body: JSON.parse(row.payload) as { type: string; data: { id: string; status: string } } }))
    .filter((row) => row.body.data.id === order.id);
}

async function rowsOf(order: Order) {
  const [paidEvents, refundedEvents, vouchers, receiptEmails, entitlements, dinero] = await Promise.all([
    deliveriesAbout(order, "order.paid"),
    deliveriesAbout(order, "order.refunded"),
    db.dineroVoucher.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } }),
    db.noticeEmail.findMany({ where: { orderId: order.id, kind: "receipt" } }),
    db.entitlement.findMany({ where: { orderId: order.id } }),
    db.dineroConnection.findUnique({ where: { accountId: order.accountId } }),
  ]);
  return { paidEvents, refundedEvents, vouchers, receiptEmails, entitlements, dineroConnected: dinero !== null };
}

/**
 * The order is paid with its receipt number, and the payment wrote once each: the order.paid delivery
 * for the subscribed endpoint, the Dinero sale voucher (when connected), the receipt email, and the
 * entitlement as `effect` says. Answers the order and the entitlement as they are now.
 */
export async function expectPaidOrderRows(
  orderId: string,
  effect: EntitlementEffect,
): Promise<{ order: Order; entitlement: Entitlement | null }> {
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
  expect(order, "the order").toMatchObject({ status: "paid", paidAt: expect.any(Date) });
  expect(order.receiptNumber, "its receipt number").toEqual(expect.any(Number));
  const rows = await rowsOf(order);

  expect(rows.paidEvents, "one order.paid delivery").toHaveLength(1);
  expect(rows.paidEvents[0]!.webhook.events).toContain("order.paid");
  expect(rows.paidEvents[0]!.body).toMatchObject({ type: "order.paid", data: { id: order.id, status: "paid" } });
  expect(rows.refundedEvents).toEqual([]);
  expect(rows.dineroConnected, "the studio's Dinero is connected").toBe(true);
  expect(
    rows.vouchers.map((v) => v.kind),
    "one sale voucher",
  ).toEqual(["sale"]);
  expect(
    rows.receiptEmails.map((e) => e.userId),
    "one receipt email, to the buyer",
  ).toEqual([order.userId]);

  const entitlement = await expectEntitlement(order, rows.entitlements, effect);
  return { order, entitlement };
}

async function expectEntitlement(
  order: Order,
  ofOrder: Entitlement[],
  effect: EntitlementEffect,
): Promise<Entitlement | null> {
  if (effect.entitlement === "created") {
    expect(ofOrder, "one entitlement of the order").toHaveLength(1);
    expect(ofOrder[0]).toMatchObject({
      status: "active",
      userId: order.userId,
      productId: order.productId,
      priceId: order.priceId,
    });
    return ofOrder[0]!;
  }
  expect(ofOrder, "no entitlement of the order").toEqual([]);
  if (effect.entitlement === "none") return null;
  const extended = await db.entitlement.findUniqueOrThrow({ where: { id: effect.before.id } });
  expect(extended.status).toBe("active");
  expect(extended.userId).toBe(order.userId);
  expect(extended.validUntil!.getTime(), "one more period").toBeGreaterThan(effect.before.validUntil!.getTime());
  return extended;
}

/**
 * The paid order is refunded, and the refund wrote once each: the order.refunded delivery and the
 * Dinero refund voucher, nothing more of the payment's (no second order.paid, sale voucher or
 * receipt email); the entitlement the order gave is revoked, one it extended or none left as it was.
 * `paid`: what expectPaidOrderRows answered.
 */
export async function expectRefundedOrderRows(
  paid: { order: Order; entitlement: Entitlement | null },
  effect: EntitlementEffect,
): Promise<void> {
  const order = await db.order.findUniqueOrThrow({ where: { id: paid.order.id } });
  expect(order, "the order").toMatchObject({
    status: "refunded",
    refundedAt: expect.any(Date),
    receiptNumber: paid.order.receiptNumber,
  });
  const rows = await rowsOf(order);

  expect(rows.paidEvents, "still one order.paid delivery").toHaveLength(1);
  expect(rows.refundedEvents, "one order.refunded delivery").toHaveLength(1);
  expect(rows.refundedEvents[0]!.webhook.events).toContain("order.refunded");
  expect(rows.refundedEvents[0]!.body).toMatchObject({
    type: "order.refunded",
    data: { id: order.id, status: "refunded" },
  });
  expect(
    rows.vouchers.map((v) => v.kind),
    "a sale and a refund voucher",
  ).toEqual(["sale", "refund"]);
  expect(rows.receiptEmails, "still one receipt email").toHaveLength(1);

  if (effect.entitlement === "created") {
    expect(
      rows.entitlements.map((e) => [e.id, e.status]),
      "the order's entitlement revoked",
    ).toEqual([[paid.entitlement!.id, "revoked"]]);
  } else {
    expect(rows.entitlements).toEqual([]);
    if (effect.entitlement === "extended") {
      // A renewal's refund names no entitlement (it pays one period of the first order's): left as it is.
      expect(await db.entitlement.findUniqueOrThrow({ where: { id: effect.before.id } })).toEqual(paid.entitlement);
    }
  }
}
