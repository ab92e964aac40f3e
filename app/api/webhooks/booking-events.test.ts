// booking.created and booking.cancelled (issue 18 §2). booking.created is written by the booking
// statement itself (prisma/sql/functions/book_instance.sql), so these tests hold its JSON to the
// TypeScript serializer byte for byte: each stored payload must be exactly what
// enqueueWebhookEvent would write, JSON.stringify({ type, timestamp, data: serializeBooking(row) }).
// Times are relative to the moment the test runs (classes days or hours ahead), never to a time of day.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Booking, WebhookDelivery } from "@prisma/client";
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClass, DAY, grant, HOUR, setPolicy } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { serializeBooking } from "@/lib/schemas/booking";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { startJobs, holdJobs } from "@/lib/jobs/wake";
import { BookingEventSchema } from "@/lib/schemas/webhook-event";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

/** A real local endpoint: records the requests it receives and answers 200. */
const received: { headers: Record<string, string>; body: string }[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200).end();
  });
});
const receiverUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; the sender runs only where a test starts it
  await holdJobs();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await holdJobs();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  received.length = 0;
  await db.webhookDelivery.deleteMany({}); // the file's own database: earlier tests' deliveries are never sent here
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
});

async function subscribe(events: string[], owner: TestTenant = tenant) {
  const response = await api("POST", "/webhooks", { token: owner.admin.token, body: { url: receiverUrl(), events } });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.webhook.id as string, secret: response.body.secret as string };
}

function book(body: Record<string, unknown>, token = attendee.token) {
  return api("POST", "/bookings", { token, body });
}

/** An endpoint's deliveries of one event type, as stored. */
function deliveriesOf(webhookId: string, eventType: string): Promise<WebhookDelivery[]> {
  return db.webhookDelivery.findMany({
    where: { webhookId, eventType },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The body the TypeScript side writes for a booking event (enqueue-webhook-delivery.ts). */
function payloadOf(type: "booking.created" | "booking.cancelled", timestamp: Date, booking: Booking): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data: serializeBooking(booking) });
}

const bookingRow = (id: string) => db.booking.findUniqueOrThrow({ where: { id } });

/** The one booking.created delivery of a booking, held byte for byte to serializeBooking of the row read back. */
async function expectCreatedEvent(webhookId: string, bookingId: string, window: { from: number; to: number }) {
  const deliveries = await deliveriesOf(webhookId, "booking.created");
  const [delivery] = deliveries.filter(
    (row) => (JSON.parse(row.payload) as { data: { id: string } }).data.id === bookingId,
  );
  expect(delivery, "a booking.created delivery").toBeDefined();
  // The statement's p_now: the event's timestamp, when the delivery is first due, and its createdAt.
  const at = delivery!.nextAttemptAt!;
  expect(at.getTime()).toBeGreaterThanOrEqual(window.from);
  expect(at.getTime()).toBeLessThanOrEqual(window.to);
  expect(delivery!.createdAt).toEqual(at);
  expect(delivery).toMatchObject({ accountId: tenant.accountId, status: "pending", attempts: 0 });
  expect(delivery!.payload).toBe(payloadOf("booking.created", at, await bookingRow(bookingId)));
  BookingEventSchema.parse(JSON.parse(delivery!.payload)); // what the OpenAPI document's webhooks promise
  return delivery!;
}

describe("booking.created", () => {
  it("a member's own confirmed booking: written by the booking statement, byte for byte what serializeBooking gives", async () => {
    const { id: webhookId } = await subscribe(["booking.created"]);
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    const from = Date.now();
    const response = await book({ instanceId: lesson.id });
    const to = Date.now();
    expect(response.status, response.text).toBe(201);
    expect(response.body.status).toBe("confirmed");

    const delivery = await expectCreatedEvent(webhookId, response.body.id, { from, to });
    expect(JSON.parse(delivery.payload).data).toEqual(response.body); // what POST /bookings answered
    expect(await deliveriesOf(webhookId, "booking.created")).toHaveLength(1);
  });

  it("staff booking someone in (attendeeId), confirmed and waitlisted: each one event with the booking as stored", async () => {
    const { id: webhookId } = await subscribe(["booking.created", "booking.cancelled"]);
    await setPolicy(tenant.accountId, { waitlistEnabled: true });
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const pass = await grant(tenant.accountId, attendee.userId);
    const other = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, other.userId);
    const from = Date.now();

    const confirmed = await book({ instanceId: lesson.id, attendeeId: attendee.userId }, tenant.admin.token);
    expect(confirmed.status, confirmed.text).toBe(201);
    expect(confirmed.body).toMatchObject({ status: "confirmed", attendeeId: attendee.userId, entitlementId: pass.id });
    // Full: the next one waits, with no credit taken yet and no entitlement named (entitlementId null).
    const waitlisted = await book(
      { instanceId: lesson.id, attendeeId: other.userId, waitlist: true },
      tenant.admin.token,
    );
    expect(waitlisted.status, waitlisted.text).toBe(201);
    expect(waitlisted.body).toMatchObject({ status: "waitlisted", attendeeId: other.userId, entitlementId: null });
    const to = Date.now();

    await expectCreatedEvent(webhookId, confirmed.body.id, { from, to });
    await expectCreatedEvent(webhookId, waitlisted.body.id, { from, to });
    expect(await deliveriesOf(webhookId, "booking.created")).toHaveLength(2);
    expect(await deliveriesOf(webhookId, "booking.cancelled")).toHaveLength(0);
  });

  it("only to the studio's enabled endpoints that subscribe to it", async () => {
    const subscribed = await subscribe(["booking.created"]);
    const cancelledOnly = await subscribe(["booking.cancelled", "order.paid"]);
    const disabled = await subscribe(["booking.created"]);
    expect(
      (await api("PATCH", `/webhooks/${disabled.id}`, { token: tenant.admin.token, body: { status: "disabled" } }))
        .status,
    ).toBe(200);
    const elsewhere = await subscribe(["booking.created"], await createTenant());
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);

    expect((await book({ instanceId: lesson.id })).status).toBe(201);

    expect(await deliveriesOf(subscribed.id, "booking.created")).toHaveLength(1);
    for (const endpoint of [cancelledOnly, disabled, elsewhere])
      expect(await db.webhookDelivery.count({ where: { webhookId: endpoint.id } })).toBe(0);
  });

  it("a refused booking writes nothing: already booked, full without a waitlist, no pass", async () => {
    const { id: webhookId } = await subscribe(["booking.created"]);
    await setPolicy(tenant.accountId, { waitlistEnabled: false });
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    expect((await book({ instanceId: lesson.id })).status).toBe(201);
    expect(await deliveriesOf(webhookId, "booking.created")).toHaveLength(1);

    expect(await book({ instanceId: lesson.id })).toMatchObject({ status: 409, body: { error: "Already booked" } });
    const late = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, late.userId);
    const full = await book({ instanceId: lesson.id, waitlist: true }, late.token);
    expect(full.status, full.text).toBe(409);
    // A second refusal of the full class is decided by the lock-free look ('look' mode): nothing either.
    expect((await book({ instanceId: lesson.id }, late.token)).status).toBe(409);
    const unpaid = await createMember(tenant.accountId, "attendee");
    expect((await book({ instanceId: (await createClass(tenant.accountId)).id }, unpaid.token)).status).toBe(402);

    expect(await deliveriesOf(webhookId, "booking.created")).toHaveLength(1);
    expect(await db.webhookDelivery.count({ where: { accountId: tenant.accountId } })).toBe(1);
  });

  it("is delivered by the process's sender within seconds (its 5-second sweep), signed as standardwebhooks verifies", async () => {
    const { id: webhookId, secret } = await subscribe(["booking.created"]);
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, attendee.userId);
    startJobs();
    try {
      const response = await book({ instanceId: lesson.id });
      expect(response.status).toBe(201);
      await expect.poll(() => received.length, { timeout: 8_000 }).toBe(1);
      const [delivery] = await deliveriesOf(webhookId, "booking.created");
      const [{ headers, body }] = received as [(typeof received)[number]];
      expect(headers["webhook-id"]).toBe(delivery!.id);
      expect(body).toBe(delivery!.payload);
      expect(new Verifier(secret).verify(body, headers)).toEqual({
        type: "booking.created",
        timestamp: delivery!.createdAt.toISOString(), // the booking's moment, as nextAttemptAt was until delivered
        data: response.body,
      });
    } finally {
      await holdJobs();
    }
  });
});

describe("booking.cancelled", () => {
  /** The one booking.cancelled delivery of a booking: byte for byte serializeBooking of the row, as of its cancelledAt. */
  async function expectCancelledEvent(webhookId: string, bookingId: string, status: string) {
    const row = await bookingRow(bookingId);
    expect(row.status).toBe(status);
    const deliveries = (await deliveriesOf(webhookId, "booking.cancelled")).filter((delivery) =>
      delivery.payload.includes(`"id":"${bookingId}"`),
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toBe(payloadOf("booking.cancelled", row.cancelledAt!, row));
    expect(deliveries[0]!.nextAttemptAt).toEqual(row.cancelledAt);
    BookingEventSchema.parse(JSON.parse(deliveries[0]!.payload));
    return row;
  }

  it("DELETE /bookings/{id}: cancelled before the window, late_cancelled inside it", async () => {
    const { id: webhookId } = await subscribe(["booking.cancelled"]);
    await setPolicy(tenant.accountId, { cancellationWindowHours: 12 });
    await grant(tenant.accountId, attendee.userId);
    const early = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const soon = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * HOUR) });
    const earlyBooking = await book({ instanceId: early.id });
    const soonBooking = await book({ instanceId: soon.id });

    for (const booking of [earlyBooking, soonBooking])
      expect((await api("DELETE", `/bookings/${booking.body.id}`, { token: attendee.token })).status).toBe(200);

    await expectCancelledEvent(webhookId, earlyBooking.body.id, "cancelled");
    await expectCancelledEvent(webhookId, soonBooking.body.id, "late_cancelled");
    expect(await deliveriesOf(webhookId, "booking.cancelled")).toHaveLength(2);
    expect(await deliveriesOf(webhookId, "booking.created")).toHaveLength(0); // not subscribed
    // A repeated cancel releases nothing: no second event.
    expect((await api("DELETE", `/bookings/${earlyBooking.body.id}`, { token: attendee.token })).status).toBe(409);
    expect(await deliveriesOf(webhookId, "booking.cancelled")).toHaveLength(2);
  });

  it("a class cancelled by the studio: booking.cancelled (cancelled_by_studio) per booking, then instance.cancelled, as of one moment", async () => {
    const { id: webhookId } = await subscribe(["booking.cancelled", "instance.cancelled"]);
    await setPolicy(tenant.accountId, { waitlistEnabled: true });
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    await grant(tenant.accountId, attendee.userId);
    const queued = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, queued.userId);
    const confirmed = await book({ instanceId: lesson.id });
    const waitlisted = await book({ instanceId: lesson.id, waitlist: true }, queued.token);
    expect(waitlisted.body.status).toBe("waitlisted");

    const cancel = await api("PATCH", `/instances/${lesson.id}`, {
      token: tenant.admin.token,
      body: { action: "cancel" },
    });
    expect(cancel.status, cancel.text).toBe(200);

    const first = await expectCancelledEvent(webhookId, confirmed.body.id, "cancelled_by_studio");
    const second = await expectCancelledEvent(webhookId, waitlisted.body.id, "cancelled_by_studio");
    expect(second.cancelledAt).toEqual(first.cancelledAt);
    const [instanceEvent, ...more] = await deliveriesOf(webhookId, "instance.cancelled");
    expect(more).toHaveLength(0);
    expect(JSON.parse(instanceEvent!.payload)).toMatchObject({
      type: "instance.cancelled",
      timestamp: first.cancelledAt!.toISOString(),
      data: { id: lesson.id, status: "cancelled" },
    });
  });

  it("a member removed: their future booking is cancelled_by_studio", async () => {
    const { id: webhookId } = await subscribe(["booking.cancelled"]);
    await grant(tenant.accountId, attendee.userId);
    const booking = await book({ instanceId: (await createClass(tenant.accountId)).id });
    expect(booking.status, booking.text).toBe(201);

    const removed = await api("DELETE", `/memberships/${attendee.userId}`, { token: tenant.admin.token });
    expect(removed.status, removed.text).toBe(204);

    await expectCancelledEvent(webhookId, booking.body.id, "cancelled_by_studio");
  });

  it("a refund: the pass's future booking is cancelled_by_studio, beside order.refunded at the same moment", async () => {
    const { id: webhookId } = await subscribe(["booking.cancelled", "order.refunded"]);
    const product = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        classAllowance: 5,
        name: "Five",
        status: "active",
        prices: [{ amount: 50000, currency: "DKK" }],
      },
    });
    const checkout = await api("POST", "/checkout", {
      token: attendee.token,
      body: { productId: product.body.id, priceId: product.body.prices[0].id },
    });
    expect(checkout.status, checkout.text).toBe(201);
    const lesson = await createClass(tenant.accountId);
    const booking = await book({ instanceId: lesson.id });
    expect(booking.status, booking.text).toBe(201);

    const refund = await api("POST", `/orders/${checkout.body.order.id}/refunds`, { token: tenant.admin.token });
    expect(refund.status, refund.text).toBe(200);

    const row = await expectCancelledEvent(webhookId, booking.body.id, "cancelled_by_studio");
    const [orderEvent] = await deliveriesOf(webhookId, "order.refunded");
    expect(JSON.parse(orderEvent!.payload)).toMatchObject({
      type: "order.refunded",
      timestamp: row.cancelledAt!.toISOString(),
      data: { id: checkout.body.order.id, status: "refunded", refundedAt: row.cancelledAt!.toISOString() },
    });
  });
});
