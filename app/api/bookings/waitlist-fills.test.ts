// The waitlist fills whenever it can (issue 30): every change that can make a waitlisted person
// confirmable promotes in its own transaction (promote_waitlist decides, queue order).
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { countersOf, createClass, grant } from "./booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; status: string };
}

const statusOf = async (bookingId: string) => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status;

const raiseCapacity = async (instanceId: string, capacity: number) =>
  expect(
    (
      await api("PATCH", `/instances/${instanceId}`, {
        token: tenant.admin.token,
        body: { action: "capacity", capacity },
      })
    ).status,
  ).toBe(200);

/**
 * A class with one person booked and `waiter` on its waitlist, then a second place whose raise did
 * not place her (`spoil` took her pass away first): the "2 ledige pladser" while she waits.
 */
async function freePlaceAndAWaiter(spoil: (waiter: TestMember, passId: string) => Promise<void>) {
  const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Vinyasa" });
  const first = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, first.userId);
  await book(first, lesson.id);
  const waiter = await createMember(tenant.accountId, "attendee");
  const pass = await grant(tenant.accountId, waiter.userId, { remainingClasses: 1 });
  const waiting = await book(waiter, lesson.id, { waitlist: true });
  await spoil(waiter, pass.id);
  await raiseCapacity(lesson.id, 2);
  expect(await statusOf(waiting.id)).toBe("waitlisted");
  return { lesson, waiter, waiting, passId: pass.id };
}

const exhaust = async (_: TestMember, passId: string) => {
  await db.entitlement.update({ where: { id: passId }, data: { remainingClasses: 0, status: "exhausted" } });
};

describe("the waitlist fills", () => {
  it("when the desk grants the waiting person a pass", async () => {
    const { lesson, waiter, waiting } = await freePlaceAndAWaiter(exhaust);
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        name: "10 klip",
        type: "class_pass",
        classAllowance: 10,
        validityDays: 90,
        status: "active",
        prices: [{ amount: 100000, currency: "DKK" }],
      },
    });
    expect(product.status, product.text).toBe(201);
    const granted = await api("POST", `/users/${waiter.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: (product.body as { id: string }).id },
    });
    expect(granted.status, granted.text).toBe(201);
    expect(await statusOf(waiting.id)).toBe("confirmed");
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 2, waitlistCount: 0, confirmed: 2, waitlisted: 0 });
    const emails = await waitForEmails(waiter.email, 2); // the payment, the promotion
    expect(
      emails.map((email) => email.subject).some((subject) => subject.startsWith("Du har fået en plads: Vinyasa")),
    ).toBe(true);
  });

  it("when a pause over the class ends early", async () => {
    const today = DateTime.now().setZone("Europe/Copenhagen").toISODate()!;
    const inTwoWeeks = DateTime.now().setZone("Europe/Copenhagen").plus({ days: 14 }).toISODate()!;
    const { waiting, passId } = await freePlaceAndAWaiter(async (_, id) => {
      const paused = await api("POST", `/entitlements/${id}/pause`, {
        token: tenant.admin.token,
        body: { from: today, until: inTwoWeeks },
      });
      expect(paused.status, paused.text).toBe(200);
    });
    const resumed = await api("POST", `/entitlements/${passId}/resume`, { token: tenant.admin.token });
    expect(resumed.status, resumed.text).toBe(200);
    expect(await statusOf(waiting.id)).toBe("confirmed");
  });

  it("when the waiting person cancels another class and gets its credit back", async () => {
    const other = await createClass(tenant.accountId);
    let elsewhere = "";
    const { waiting } = await freePlaceAndAWaiter(async (waiter) => {
      elsewhere = (await book(waiter, other.id)).id; // her last credit
    });
    const cancelled = await api("DELETE", `/bookings/${elsewhere}?refundCredit=true`, { token: tenant.admin.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await statusOf(waiting.id)).toBe("confirmed");
  });

  it("when the studio cancels another class the waiting person had booked", async () => {
    const other = await createClass(tenant.accountId);
    const { waiting } = await freePlaceAndAWaiter(async (waiter) => {
      await book(waiter, other.id);
    });
    expect(
      (await api("PATCH", `/instances/${other.id}`, { token: tenant.admin.token, body: { action: "cancel" } })).status,
    ).toBe(200);
    expect(await statusOf(waiting.id)).toBe("confirmed");
  });

  it("when a booked person's pass is refunded: the waitlist takes the place", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        name: "Klip",
        type: "class_pass",
        classAllowance: 5,
        validityDays: 90,
        status: "active",
        prices: [{ amount: 50000, currency: "DKK" }],
      },
    });
    const buyer = await createMember(tenant.accountId, "attendee");
    const granted = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: (product.body as { id: string }).id },
    });
    const orderId = (await db.entitlement.findUniqueOrThrow({ where: { id: (granted.body as { id: string }).id } }))
      .orderId!;
    const booked = await book(buyer, lesson.id);
    const waiter = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, waiter.userId);
    const waiting = await book(waiter, lesson.id, { waitlist: true });
    const refunded = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token });
    expect(refunded.status, refunded.text).toBe(200);
    expect(await statusOf(booked.id)).toBe("cancelled_by_studio");
    expect(await statusOf(waiting.id)).toBe("confirmed");
  });
});
