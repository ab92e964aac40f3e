// MobilePay memberships after the first payment (issue 34 §1): each period's charge made ahead of its
// due date by the renewal job, its capture renewing as a card renewal does, a charge failed after its
// retry days making the membership past due, cancelling stopping the agreement, refunds through the
// API. The fake Vipps MobilePay API and fixed clocks throughout.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { pollMobilepayAgreements } from "@/lib/payments/mobilepay/memberships";
import { renewSubscriptions } from "@/lib/commerce/renew-subscriptions";
import { getPersonOverview } from "@/lib/users/get-person-overview";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import { waitForEmailsAbout } from "@/tests/helpers/outbox";
import type { WebhookDelivery } from "@/tests/fakes/vipps-mobilepay";
import { expectLogged } from "@/tests/helpers/logs";

const fake = useFakeMobilepay();
const DAY_MS = 86_400_000;
const T0 = new Date("2026-11-30T09:00:00Z");

const deliver = (delivery: WebhookDelivery) =>
  api("POST", new URL(delivery.url).pathname.replace(/^\/api/, ""), {
    rawBody: delivery.body,
    headers: { ...delivery.headers },
  });

/** A studio with its sales unit and a member who bought a monthly membership with MobilePay at T0. */
async function paidMembership(): Promise<{
  tenant: TestTenant;
  member: TestMember;
  agreementId: string;
  entitlementId: string;
}> {
  fake.clock = () => T0;
  const tenant = await createTenant();
  expect(
    (
      await api("PATCH", "/account/payments", {
        token: tenant.admin.token,
        body: { mobilepay: { ...SALES_UNIT, testMode: true } },
      })
    ).status,
  ).toBe(200);
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "Yoga Unlimited",
      type: "subscription",
      status: "active",
      prices: [{ amount: 49900, currency: "DKK", interval: "month" }],
    },
  });
  const member = await createMember(tenant.accountId, "attendee");
  const bought = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id, paymentMethod: "mobilepay" },
  });
  expect(bought.status).toBe(201);
  const agreementId = [...fake.agreements.values()].find((a) => a.externalId === bought.body.order.id)!.id;
  fake.approve(agreementId);
  await pollMobilepayAgreements(T0);
  const entitlement = await db.entitlement.findFirstOrThrow({ where: { userId: member.userId } });
  expect(entitlement.validUntil).toEqual(new Date("2026-12-30T09:00:00Z"));
  return { tenant, member, agreementId, entitlementId: entitlement.id };
}

const runJob = (tenant: TestTenant, now: Date) => {
  fake.clock = () => now;
  return renewSubscriptions({ db: tenantDb(tenant.accountId), accountId: tenant.accountId, now });
};

const entitlementOf = (id: string) => db.entitlement.findUniqueOrThrow({ where: { id } });
const renewalCharges = (agreementId: string) => fake.chargesOf(agreementId).filter((c) => c.type === "RECURRING");

describe("MobilePay membership renewals", () => {
  it("renews three times by charges made ahead and captured, then a cancellation stops the agreement", async () => {
    const { tenant, member, agreementId, entitlementId } = await paidMembership();
    const periodEnds = ["2026-12-30", "2027-01-30", "2027-02-28", "2027-03-28"].map((d) => new Date(`${d}T09:00:00Z`));

    // Nothing is charged while the period's end is further away than notice + retry days.
    await runJob(tenant, new Date(periodEnds[0]!.getTime() - 10 * DAY_MS));
    expect(renewalCharges(agreementId)).toHaveLength(0);

    for (let round = 0; round < 3; round++) {
      const end = periodEnds[round]!;
      const now = new Date(end.getTime() - 5 * DAY_MS);
      await runJob(tenant, now);
      await runJob(tenant, now); // a second run (or process) makes no second charge
      const charges = renewalCharges(agreementId);
      expect(charges).toHaveLength(round + 1);
      const charge = charges.at(-1)!;
      // Due its retry days before the period ends, at least their 2 days' notice after now.
      expect(charge).toMatchObject({
        amount: 49900,
        status: "DUE",
        retryDays: 2,
        due: new Date(end.getTime() - 2 * DAY_MS).toISOString().slice(0, 10),
      });

      fake.capture(charge.id);
      const captured = fake.deliveries.filter((d) => d.event.chargeId === charge.id);
      // the webhook (twice) and the job's poll: one renewal
      for (const delivery of [...captured, ...captured]) expect((await deliver(delivery)).status).toBe(200);
      expect(await runJob(tenant, new Date(now.getTime() + DAY_MS))).toMatchObject({ renewed: 0 });
      expect((await entitlementOf(entitlementId)).validUntil).toEqual(periodEnds[round + 1]);
    }

    const orders = await db.order.findMany({ where: { userId: member.userId }, orderBy: { receiptNumber: "asc" } });
    expect(orders.map((o) => [o.status, o.amount, o.receiptNumber, o.provider])).toEqual([
      ["paid", 49900, 1, "mobilepay"],
      ["paid", 49900, 2, "mobilepay"],
      ["paid", 49900, 3, "mobilepay"],
      ["paid", 49900, 4, "mobilepay"],
    ]);
    expect(new Set(orders.map((o) => o.mobilepayChargeId)).size).toBe(4);

    const cancelled = await api("POST", `/me/entitlements/${entitlementId}/cancel`, { token: member.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancelAt).toBe(periodEnds[3]!.toISOString());
    expect(fake.agreements.get(agreementId)!.status).toBe("STOPPED");
    await runJob(tenant, new Date(periodEnds[3]!.getTime() - 5 * DAY_MS));
    expect(renewalCharges(agreementId)).toHaveLength(3);
    expect((await entitlementOf(entitlementId)).validUntil).toEqual(periodEnds[3]);
  });

  it("a charge failed after its retry days makes the membership past due: usable through the grace days, member and administrators emailed", async () => {
    const { tenant, member, agreementId, entitlementId } = await paidMembership();
    const end = new Date("2026-12-30T09:00:00Z");
    await runJob(tenant, new Date(end.getTime() - 5 * DAY_MS));
    const [charge] = renewalCharges(agreementId);
    fake.fail(charge!.id);
    await runJob(tenant, new Date(end.getTime() - DAY_MS)); // the poll finds it
    const failed = fake.deliveries.filter((d) => d.event.chargeId === charge!.id);
    for (const delivery of failed) expect((await deliver(delivery)).status).toBe(200);

    const entitlement = await entitlementOf(entitlementId);
    expect(entitlement).toMatchObject({
      status: "active",
      pastDueSince: end,
      validUntil: new Date(end.getTime() + 7 * DAY_MS),
    });
    const renewal = await db.order.findFirstOrThrow({ where: { mobilepayChargeId: charge!.id } });
    expect(renewal).toMatchObject({ status: "failed", receiptNumber: null });
    await waitForEmailsAbout(member.email, /did not go through|gik ikke igennem/);
    await waitForEmailsAbout(tenant.admin.email, /past due|restance/);
    // The person's page in the dashboard shows it, and the member may still book until the grace days end.
    const overview = await getPersonOverview({
      db: tenantDb(tenant.accountId),
      userId: member.userId,
      timezone: "Europe/Copenhagen",
      now: new Date(end.getTime() + DAY_MS),
    });
    expect(overview.passes[0]).toMatchObject({ status: "active", pastDueSince: end });
    // Past due: never charged again.
    await runJob(tenant, new Date(end.getTime() + 3 * DAY_MS));
    expect(renewalCharges(agreementId)).toHaveLength(1);
  });

  it("refunds a MobilePay order's charge through the API", async () => {
    const { tenant, member } = await paidMembership();
    const [order] = await db.order.findMany({ where: { userId: member.userId } });
    const response = await api("POST", `/orders/${order!.id}/refunds`, { token: tenant.admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: "refunded" });
    expect(fake.charges.get(order!.mobilepayChargeId!)).toMatchObject({ status: "REFUNDED", amountRefunded: 49900 });
    // The membership it bought is revoked, and its agreement stopped: the member's app shows it ended.
    expect(fake.agreements.get(order!.mobilepayAgreementId!)?.status).toBe("STOPPED");

    fake.failWith = 503;
    const other = await paidMembershipOrder(tenant);
    fake.failWith = 503;
    expectLogged("error", /^Vipps MobilePay failed to refund an order .*"errorName":"MobilepayUnavailable"/);
    expect((await api("POST", `/orders/${other}/refunds`, { token: tenant.admin.token })).status).toBe(503);
    expect((await db.order.findUniqueOrThrow({ where: { id: other } })).status).toBe("paid");
  });
});

/** A second member's paid MobilePay membership at the same studio: its order id. */
async function paidMembershipOrder(tenant: TestTenant): Promise<string> {
  fake.failWith = null;
  const [product] = await db.product.findMany({ where: { accountId: tenant.accountId }, include: { prices: true } });
  const member = await createMember(tenant.accountId, "attendee");
  const bought = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product!.id, priceId: product!.prices[0]!.id, paymentMethod: "mobilepay" },
  });
  const agreementId = [...fake.agreements.values()].find((a) => a.externalId === bought.body.order.id)!.id;
  fake.approve(agreementId);
  await pollMobilepayAgreements(T0);
  return bought.body.order.id;
}

describe("an agreement the member stops in the MobilePay app", () => {
  it("cancels the membership at its period's end, by the webhook or, if that is lost, before the next charge", async () => {
    const byWebhook = await paidMembership();
    fake.stopInApp(byWebhook.agreementId);
    for (const delivery of fake.deliveries.filter(
      (d) => d.event.agreementId === byWebhook.agreementId && d.event.eventType === "recurring.agreement-stopped.v1",
    ))
      expect((await deliver(delivery)).status).toBe(200);
    expect((await entitlementOf(byWebhook.entitlementId)).cancelAt).toEqual(new Date("2026-12-30T09:00:00Z"));

    const lost = await paidMembership();
    fake.stopInApp(lost.agreementId);
    await runJob(lost.tenant, new Date("2026-12-25T09:00:00Z"));
    expect(renewalCharges(lost.agreementId)).toHaveLength(0);
    expect((await entitlementOf(lost.entitlementId)).cancelAt).toEqual(new Date("2026-12-30T09:00:00Z"));
  });
});
