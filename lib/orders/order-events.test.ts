// Every way to pay an order goes through markPaid, every refund through markRefunded, and both run the
// one list ORDER_EVENTS (decision 0047). This table pays one order each way with the demo provider,
// at the desk and with MobilePay, and finds the same rows written: the receipt number, the order.paid
// webhook delivery, the Dinero sale voucher, the receipt email and the entitlement granted or extended;
// then refunds it through POST /orders/{orderId}/refunds and finds the refund's rows (order-rows.ts).
// The Stripe ways: order-events-stripe.test.ts. One studio per way; clocks are fixed (MobilePay) or
// derived from the order's own dates (demo renewals and instalments), never the time of day.
import { describe, expect, it } from "vitest";
import { pollMobilepayAgreements } from "@/lib/payments/mobilepay/memberships";
import { renewSubscriptions } from "@/lib/commerce/renew-subscriptions";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import {
  courseInInstalments,
  effectOf,
  expectPaidOrderRows,
  expectRefundedOrderRows,
  product,
  studioWithBooks,
  useOrderRows,
  type EntitlementBefore,
  type EntitlementEffect,
  type Product,
} from "@/tests/helpers/order-rows";
import type { WebhookDelivery } from "@/tests/fakes/vipps-mobilepay";

useOrderRows();
const mobilepay = useFakeMobilepay();

const DAY = 86_400_000;
/** MobilePay's clock: the agreement is approved and its first charge captured then. */
const T0 = new Date("2026-11-30T09:00:00Z");

const classPass = (tenant: TestTenant) =>
  product(tenant, {
    type: "class_pass",
    name: "Ten classes",
    classAllowance: 10,
    prices: [{ amount: 120000, currency: "DKK" }],
  });

const monthly = (tenant: TestTenant) =>
  product(tenant, {
    type: "subscription",
    name: "Yoga Unlimited",
    prices: [{ amount: 49900, currency: "DKK", interval: "month" }],
  });

async function checkout(member: TestMember, bought: Product, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: bought.id, priceId: bought.prices[0]!.id, ...extra },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.order as { id: string; status: string };
}

const runRenewals = (tenant: TestTenant, now: Date) => {
  mobilepay.clock = () => now;
  return renewSubscriptions({ db: tenantDb(tenant.accountId), accountId: tenant.accountId, now });
};

const deliverMobilepay = (delivery: WebhookDelivery) =>
  api("POST", new URL(delivery.url).pathname.replace(/^\/api/, ""), {
    rawBody: delivery.body,
    headers: { ...delivery.headers },
  });

/** The studio's MobilePay connected, and `member`'s monthly membership bought with it, approved and charged at T0. */
async function mobilepayMembership(tenant: TestTenant, member: TestMember) {
  mobilepay.clock = () => T0;
  const connected = await api("PATCH", "/account/payments", {
    token: tenant.admin.token,
    body: { mobilepay: { ...SALES_UNIT, testMode: true } },
  });
  expect(connected.status, connected.text).toBe(200);
  const order = await checkout(member, await monthly(tenant), { paymentMethod: "mobilepay" });
  expect(order.status).toBe("pending");
  const agreement = [...mobilepay.agreements.values()].find((a) => a.externalId === order.id)!;
  mobilepay.approve(agreement.id);
  expect(await pollMobilepayAgreements(T0)).toBeGreaterThanOrEqual(1);
  return { orderId: order.id, agreementId: agreement.id };
}

type Way = {
  way: string;
  entitlement: EntitlementEffect["entitlement"];
  /** Pays one order of `member` at `tenant` this way: the order, and for a renewal the entitlement as it was before. */
  pay: (tenant: TestTenant, member: TestMember) => Promise<{ orderId: string; before?: EntitlementBefore }>;
};

const WAYS: Way[] = [
  {
    way: "checkout paid at once (demo provider)",
    entitlement: "created",
    pay: async (tenant, member) => {
      const order = await checkout(member, await classPass(tenant));
      expect(order.status).toBe("paid");
      return { orderId: order.id };
    },
  },
  {
    way: "a demo renewal (the renewal job after the period)",
    entitlement: "extended",
    pay: async (tenant, member) => {
      const first = await checkout(member, await monthly(tenant));
      const before = await db.entitlement.findFirstOrThrow({ where: { orderId: first.id } });
      const now = new Date(before.validUntil!.getTime() + 60_000);
      expect(await runRenewals(tenant, now)).toEqual({ renewed: 1, instalments: 0 });
      const renewal = await db.order.findFirstOrThrow({ where: { userId: member.userId, id: { not: first.id } } });
      return { orderId: renewal.id, before };
    },
  },
  {
    way: "a demo instalment (the renewal job on its due date)",
    entitlement: "none",
    pay: async (tenant, member) => {
      const first = await checkout(member, await courseInInstalments(tenant, 100000, 2));
      const { paidAt } = await db.order.findUniqueOrThrow({ where: { id: first.id } });
      // The second instalment is due one month after the first was paid: 40 days later, whatever the date.
      expect(await runRenewals(tenant, new Date(paidAt!.getTime() + 40 * DAY))).toEqual({ renewed: 0, instalments: 1 });
      const second = await db.order.findFirstOrThrow({ where: { instalmentOf: first.id } });
      expect(second).toMatchObject({ instalment: 2, instalments: 2, provider: "demo" });
      return { orderId: second.id };
    },
  },
  {
    way: "a desk grant (POST /users/{userId}/entitlements)",
    entitlement: "created",
    pay: async (tenant, member) => {
      const pass = await classPass(tenant);
      const granted = await api("POST", `/users/${member.userId}/entitlements`, {
        token: tenant.admin.token,
        body: { productId: pass.id, priceId: pass.prices[0]!.id, note: "Paid cash" },
      });
      expect(granted.status, granted.text).toBe(201);
      const order = await db.order.findFirstOrThrow({ where: { userId: member.userId } });
      expect(order).toMatchObject({ provider: "desk", amount: 120000 });
      return { orderId: order.id };
    },
  },
  {
    way: "MobilePay's first charge (agreement approved, found by the poll)",
    entitlement: "created",
    pay: async (tenant, member) => {
      const { orderId } = await mobilepayMembership(tenant, member);
      return { orderId };
    },
  },
  {
    way: "a MobilePay renewal (its charge captured, reported by webhook)",
    entitlement: "extended",
    pay: async (tenant, member) => {
      const { orderId: firstId, agreementId } = await mobilepayMembership(tenant, member);
      const before = await db.entitlement.findFirstOrThrow({ where: { orderId: firstId } });
      // The next charge is made ahead of the period's end, then captured and its webhook delivered.
      await runRenewals(tenant, new Date(before.validUntil!.getTime() - 5 * DAY));
      const [charge] = mobilepay.chargesOf(agreementId).filter((c) => c.type === "RECURRING");
      expect(charge, "the renewal's charge").toBeDefined();
      mobilepay.capture(charge!.id);
      for (const delivery of mobilepay.deliveries.filter((d) => d.event.chargeId === charge!.id))
        expect((await deliverMobilepay(delivery)).status).toBe(200);
      const renewal = await db.order.findFirstOrThrow({ where: { mobilepayChargeId: charge!.id } });
      return { orderId: renewal.id, before };
    },
  },
];

describe("every way to pay writes what ORDER_EVENTS lists, and so does its refund", () => {
  it.each(WAYS)("$way", async ({ entitlement, pay }) => {
    const tenant = await studioWithBooks();
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, before } = await pay(tenant, member);
    const effect = effectOf(entitlement, before);

    const paid = await expectPaidOrderRows(orderId, effect);

    const refund = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body).toMatchObject({ id: orderId, status: "refunded" });
    await expectRefundedOrderRows(paid, effect);
  });
});
