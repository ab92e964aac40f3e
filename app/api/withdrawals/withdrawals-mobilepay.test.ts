// A withdrawal of a membership paid with MobilePay (issue 46 §2, decision 0049), on the fake Vipps
// MobilePay API and a fixed clock (the domain function, which takes it): the days begun are paid
// for, the rest refunded on the charge, the agreement stopped; a provider out of reach leaves the
// withdrawal `refund_pending` until the jobs' retry gets through.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { pollMobilepayAgreements } from "@/lib/payments/mobilepay/memberships";
import { withdrawOrder, previewWithdrawal } from "@/lib/withdrawals/withdraw-order";
import { retryWithdrawalRefunds } from "@/lib/withdrawals/withdrawal-refund-jobs";
import { withdrawalUntil } from "@/lib/withdrawals/withdrawal-right";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { expectLogged } from "@/tests/helpers/logs";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";

const fake = useFakeMobilepay();
const DAY_MS = 86_400_000;
const T0 = new Date("2026-11-30T09:00:00Z");
const plain = (text: string) => text.replaceAll("\u00a0", " ");

/** A studio with its sales unit and a member who bought a monthly membership with MobilePay at T0, to start at once. */
async function paidMembership(): Promise<{
  tenant: TestTenant;
  member: TestMember;
  orderId: string;
  agreementId: string;
}> {
  fake.clock = () => T0;
  const tenant = await createTenant();
  const payments = await api("PATCH", "/account/payments", {
    token: tenant.admin.token,
    body: { mobilepay: { ...SALES_UNIT, testMode: true } },
  });
  expect(payments.status).toBe(200);
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
    body: {
      productId: product.body.id,
      priceId: product.body.prices[0].id,
      paymentMethod: "mobilepay",
      startNow: true,
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const agreementId = [...fake.agreements.values()].find((a) => a.externalId === bought.body.order.id)!.id;
  fake.approve(agreementId);
  await pollMobilepayAgreements(T0);
  return { tenant, member, orderId: bought.body.order.id, agreementId };
}

const asMember = (member: TestMember, orderId: string) => ({ by: "member" as const, userId: member.userId, orderId });

describe("withdrawing a MobilePay membership", () => {
  it("pays for the days begun (4 of 30), refunds the rest on the charge and stops the agreement", async () => {
    const { tenant, member, orderId, agreementId } = await paidMembership();
    const studioDb = tenantDb(tenant.accountId);
    const now = new Date(T0.getTime() + 3 * DAY_MS); // 30 Nov, 1, 2 and 3 Dec begun

    const withdrawal = await withdrawOrder(studioDb, asMember(member, orderId), { now, locale: "da" });

    // 49900 × 4 / 30 = 6653.33…
    expect(withdrawal).toMatchObject({ usedAmount: 6653, refundAmount: 43247, status: "refunded" });
    expect(plain(withdrawal.basis)).toBe("4 af 30 dage brugt: 66,53 kr. af 499,00 kr.");
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ status: "refunded", refundedAmount: 43247, refundReason: "withdrawal" });
    expect(fake.charges.get(order.mobilepayChargeId!)).toMatchObject({ amountRefunded: 43247 });
    expect(fake.agreements.get(agreementId)!.status).toBe("STOPPED");
    const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId } });
    expect(entitlement.status).toBe("revoked");
  });

  it("ends at the end of the period's last day, in the studio's time: open a moment before, refused at it", async () => {
    const { tenant, member, orderId } = await paidMembership();
    const studioDb = tenantDb(tenant.accountId);
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    // paid Monday 30 November: 14 days on is Monday 14 December, ending at midnight in Copenhagen
    const until = withdrawalUntil(order, "Europe/Copenhagen")!;
    expect(until.toISOString()).toBe("2026-12-14T23:00:00.000Z");

    const before = await previewWithdrawal(studioDb, asMember(member, orderId), {
      now: new Date(until.getTime() - 1),
      locale: "da",
    });
    expect(before.until).toEqual(until);
    expect(before.usedAmount).toBe(Math.floor((49900 * 15) / 30)); // 30 Nov to 14 Dec begun

    await expect(
      withdrawOrder(studioDb, asMember(member, orderId), { now: until, locale: "da" }),
    ).rejects.toMatchObject({
      code: "withdrawal_period_ended",
    });
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);
  });

  it("keeps the withdrawal refund_pending while MobilePay is down, and the jobs' retry refunds it once it is back", async () => {
    const { tenant, member, orderId, agreementId } = await paidMembership();
    const now = new Date(T0.getTime() + DAY_MS);
    fake.failWith = 503;
    expectLogged("error", /^Vipps MobilePay failed to refund an order/);

    const pending = await withdrawOrder(tenantDb(tenant.accountId), asMember(member, orderId), { now, locale: "da" });

    expect(pending).toMatchObject({ status: "refund_pending", usedAmount: 3326, refundAmount: 46574, refundId: null });
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");

    fake.failWith = null;
    await retryWithdrawalRefunds(new Date(now.getTime() + 2 * 60_000)); // (or the sweep, running meanwhile)
    const refunded = await db.withdrawal.findUniqueOrThrow({ where: { orderId } });
    expect(refunded).toMatchObject({ status: "refunded", refundId: expect.any(String) });
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ status: "refunded", refundedAmount: 46574 });
    expect(fake.charges.get(order.mobilepayChargeId!)).toMatchObject({ amountRefunded: 46574 });
    expect(fake.agreements.get(agreementId)!.status).toBe("STOPPED");

    // asked again: nothing more is refunded
    await retryWithdrawalRefunds(new Date(now.getTime() + 4 * 60_000));
    expect(await db.refund.count({ where: { orderId } })).toBe(1);
  });
});
