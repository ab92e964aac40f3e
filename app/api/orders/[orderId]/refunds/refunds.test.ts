// POST /orders/{orderId}/refunds with the demo provider and desk grants: the order, its entitlement
// and that entitlement's bookings (issue 17 §3).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { shownBookingStatus } from "@/lib/bookings/shown-booking-status";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails, waitForEmailsAbout } from "@/tests/helpers/outbox";

let tenant: TestTenant;

type Product = { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
});

async function product(admin = tenant.admin): Promise<Product> {
  const response = await api("POST", "/products", {
    token: admin.token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Five classes",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

/** A demo checkout: the order is paid at once. */
async function buy(member: TestMember, p: Product) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderId: response.body.order.id as string, entitlementId: response.body.entitlement.id as string };
}

function refund(orderId: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, ...options });
}

async function bookAs(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string };
}

const statusOf = async (bookingId: string) => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status;
const entitlementStatus = async (id: string) => (await db.entitlement.findUniqueOrThrow({ where: { id } })).status;

describe("POST /orders/{orderId}/refunds", () => {
  it("refunds a paid demo order at once, keeps the reason and revokes its entitlement", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, entitlementId } = await buy(member, await product());

    const response = await refund(orderId, { body: { reason: "Moved abroad" } });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      id: orderId,
      status: "refunded",
      provider: "demo",
      refundedAt: expect.stringMatching(/Z$/),
    });
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).refundReason).toBe("Moved abroad");
    expect(await entitlementStatus(entitlementId)).toBe("revoked");
    const listed = await api("GET", "/orders", { token: tenant.admin.token });
    expect(listed.body.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: "refunded" });
  });

  it("refunds a desk order the same way, without a body", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const p = await product();
    const granted = await api("POST", `/users/${member.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: p.id },
    });
    expect(granted.status).toBe(201);
    const { orderId } = await db.entitlement.findUniqueOrThrow({ where: { id: granted.body.id } });

    const response = await refund(orderId!);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: "refunded", provider: "desk" });
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId! } })).refundReason).toBeNull();
    expect(await entitlementStatus(granted.body.id)).toBe("revoked");
  });

  it("cancels the entitlement's future confirmed bookings, emails the attendee and promotes the waitlist", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const waiting = await createMember(tenant.accountId, "attendee");
    const p = await product();
    const { orderId, entitlementId } = await buy(member, p);
    await buy(waiting, p);
    const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Hatha" });
    const booked = await bookAs(member, lesson.id);
    const waitlisted = await bookAs(waiting, lesson.id, { waitlist: true });
    expect(waitlisted.status).toBe("waitlisted");
    const past = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - 2 * DAY) });
    const attended = await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: past.id,
        attendeeId: member.userId,
        status: "confirmed",
        entitlementId,
      },
    });
    await waitForEmails(member.email, 2); // the receipt and the confirmation

    expect((await refund(orderId)).status).toBe(200);

    expect(await statusOf(booked.id)).toBe("cancelled_by_studio");
    expect(await statusOf(waitlisted.id)).toBe("confirmed");
    expect(await statusOf(attended.id)).toBe("confirmed"); // history stays
    // The member's pages read the cancelled booking as refunded, not as cancelled by the studio.
    const theirs = await listPersonBookings({ db: tenantDb(tenant.accountId), userId: member.userId });
    expect(theirs.map((booking) => [booking.id, shownBookingStatus(booking)])).toEqual(
      expect.arrayContaining([
        [booked.id, "refunded"],
        [attended.id, "confirmed"],
      ]),
    );
    const instance = await db.instance.findUniqueOrThrow({ where: { id: lesson.id } });
    expect({ booked: instance.bookedCount, waiting: instance.waitlistCount }).toEqual({ booked: 1, waiting: 0 });
    // the receipt, the confirmation, the credit note and the cancellation, the last two in either order
    const [cancelled] = await waitForEmailsAbout(member.email, /^Booking afmeldt: Hatha, /); // the class goes ahead: not "Hold aflyst"
    expect(await waitForEmailsAbout(member.email, /^Kreditnota fra /)).toHaveLength(1);
    expect(cancelled!.text).toContain("Studiet har refunderet det klippekort eller medlemskab");
    const toWaiting = await waitForEmails(waiting.email, 2); // the receipt, then the promotion
    expect(toWaiting.map((email) => email.subject)).toContainEqual(
      expect.stringMatching(/^Du har fået en plads: Hatha, /),
    );
  });

  it("answers 409 for an order that is not paid, and for one already refunded", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const p = await product();
    const pending = await buy(member, p);
    const failed = await buy(member, p);
    await db.order.update({ where: { id: pending.orderId }, data: { status: "pending", paidAt: null } });
    await db.order.update({ where: { id: failed.orderId }, data: { status: "failed", paidAt: null } });
    const refunded = await buy(member, p);
    expect((await refund(refunded.orderId)).status).toBe(200);

    for (const orderId of [pending.orderId, failed.orderId, refunded.orderId]) {
      const response = await refund(orderId);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: "Order cannot be refunded" });
    }
    expect(await entitlementStatus(pending.entitlementId)).toBe("active");
  });

  it("replays the answer of a repeated Idempotency-Key and refunds once", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buy(member, await product());
    const headers = { "Idempotency-Key": `refund-${orderId}` };

    const first = await refund(orderId, { headers, body: { reason: "Double charge" } });
    const second = await refund(orderId, { headers, body: { reason: "Double charge" } });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await refund(orderId)).status).toBe(409); // without the key: a second refund
  });

  it("is for administrators: 403 for an attendee, 404 for another account's order or an unknown one", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buy(member, await product());
    const other = await createTenant();

    const asAttendee = await refund(orderId, { token: member.token });
    expect(asAttendee.status).toBe(403);
    expect(asAttendee.body).toEqual({ error: "Insufficient permission" });
    const asOther = await refund(orderId, { token: other.admin.token });
    expect(asOther.status).toBe(404);
    expect((await refund("no-such-order")).status).toBe(404);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");
  });

  it("answers 400 for an unknown field or an empty reason", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buy(member, await product());
    expect((await refund(orderId, { body: { reason: "" } })).status).toBe(400);
    expect((await refund(orderId, { body: { amount: 100, note: "x" } })).status).toBe(400);
    expect(
      readOutbox().filter((email) => email.to === member.email && email.subject.startsWith("Booking afmeldt")),
    ).toEqual([]);
  });
});
