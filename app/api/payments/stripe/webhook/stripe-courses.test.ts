// A course product paid through Stripe (issue 32 §1): the payment's success enrols the buyer in the
// transaction that marks the order paid; a course that filled up after the buyer's held seats went
// back (stripe-course-holds.test.ts) is never overbooked: the free classes are booked and the studio's administrators are emailed. Classes are
// dated in 2099, never by the time of day.
import { beforeAll, describe, expect, it } from "vitest";
import { sweepStaleSeatHolds } from "@/lib/commerce/course-seat-holds";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { connectStudio, deliverStripeEvent as deliver, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";

useFakeStripe();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  await connectStudio(tenant);
});

const HOUR = 3_600_000;
const WEEKS = Array.from({ length: 3 }, (_, week) => new Date(Date.UTC(2099, 2, 3 + 7 * week, 17)));

async function course(capacity: number) {
  const event = await db.event.create({
    data: {
      accountId: tenant.accountId,
      title: "Dans for begyndere",
      durationMinutes: 60,
      capacity,
      status: "published",
    },
  });
  const instanceIds: string[] = [];
  for (const startsAt of WEEKS) {
    const instance = await db.instance.create({
      data: {
        accountId: tenant.accountId,
        eventId: event.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        capacity,
      },
    });
    instanceIds.push(instance.id);
  }
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "workshop",
      name: "Sæsonhold",
      status: "active",
      courseEventId: event.id,
      prices: [{ amount: 150000, currency: "DKK" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  return { eventId: event.id, instanceIds, product: product.body as { id: string; prices: { id: string }[] } };
}

async function checkout(member: TestMember, product: { id: string; prices: { id: string }[] }) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.id, priceId: product.prices[0]!.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const stored = await db.order.findUniqueOrThrow({ where: { id: response.body.order.id } });
  return { orderId: stored.id, sessionId: stored.providerRef! };
}

const paid = (orderId: string, sessionId: string) =>
  deliver(
    stripeEvent("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      status: "complete",
      metadata: { orderId, accountId: tenant.accountId },
    }),
  );

const bookingsOf = (userId: string, instanceIds: string[]) =>
  db.booking.findMany({
    where: { attendeeId: userId, instanceId: { in: instanceIds } },
    orderBy: { instance: { startsAt: "asc" } },
  });

/** Waits for an email to `to` whose subject matches. */
async function emailLike(to: string, subject: RegExp) {
  for (let count = 1; ; count++) {
    const found = (await waitForEmails(to, count)).find((email) => subject.test(email.subject));
    if (found) return found;
  }
}

describe("a course paid through Stripe", () => {
  it("enrols the buyer when the payment succeeds, not before, once however often the event comes", async () => {
    const { instanceIds, product } = await course(4);
    const buyer = await createMember(tenant.accountId, "attendee");
    const { orderId, sessionId } = await checkout(buyer, product);
    expect(await bookingsOf(buyer.userId, instanceIds)).toEqual([]);

    for (let i = 0; i < 2; i++) expect((await paid(orderId, sessionId)).status).toBe(200);
    const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId } });
    expect(entitlement).toMatchObject({ remainingClasses: null, validUntil: new Date(WEEKS[2]!.getTime() + HOUR) });
    const bookings = await bookingsOf(buyer.userId, instanceIds);
    expect(bookings.map((b) => [b.instanceId, b.status, b.entitlementId])).toEqual(
      instanceIds.map((id) => [id, "confirmed", entitlement.id]),
    );
    const emails = await waitForEmails(buyer.email, 4); // three confirmations and the payment email
    expect(
      emails.filter((email) => /^Booking (bekræftet|confirmed): Dans for begyndere/.test(email.subject)),
    ).toHaveLength(3);
  });

  it("books what is free when the course filled after the held seats went back, never over capacity, and tells the administrators", async () => {
    const { eventId, instanceIds, product } = await course(1);
    const buyer = await createMember(tenant.accountId, "attendee");
    const { orderId, sessionId } = await checkout(buyer, product);
    // The buyer's seats were held, but the payment outlasted its hold (the sweep gave them back),
    // and the studio gave the middle class's one place to someone else.
    await sweepStaleSeatHolds(new Date(Date.now() + 2 * HOUR));
    const other = await createMember(tenant.accountId, "attendee");
    await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: instanceIds[1]!, attendeeId: other.userId, status: "confirmed" },
    });
    await db.instance.update({ where: { id: instanceIds[1]! }, data: { bookedCount: { increment: 1 } } });

    expect((await paid(orderId, sessionId)).status).toBe(200);
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "paid" });
    const entitlement = await db.entitlement.findFirstOrThrow({ where: { orderId } });
    expect(entitlement).toMatchObject({ status: "active", remainingClasses: null });
    expect((await bookingsOf(buyer.userId, instanceIds)).map((b) => b.instanceId)).toEqual([
      instanceIds[0],
      instanceIds[2],
    ]);
    const classes = await db.instance.findMany({ where: { eventId }, select: { bookedCount: true, capacity: true } });
    expect(classes.every((lesson) => lesson.bookedCount === lesson.capacity)).toBe(true);

    const notice = await emailLike(tenant.admin.email, /^(Forløb ikke fuldt booket|Course not fully booked): /);
    expect(notice.text).toMatch(/1 hold|1 class/);
    expect(notice.text).toContain(`/dashboard/users/${buyer.userId}`);
    const emails = await waitForEmails(buyer.email, 3); // two confirmations and the payment email
    expect(emails.filter((email) => /^Booking (bekræftet|confirmed): /.test(email.subject))).toHaveLength(2);
  });
});
