// Seats held while a Stripe payment of a course is open (issue 32 §1, decision 0033): a held seat
// counts against every class's capacity (seats left, another buyer's 409, a pass's booking goes on
// the waitlist) but is no booking anyone sees; the payment's success makes it the buyer's booking,
// its failure, the session's expiry or the sweep after the hold's expiry gives it to the waitlist.
// Classes two days ahead (inside the booking window) or in 2099; the sweep's clock is injected.
import { beforeAll, describe, expect, it } from "vitest";
import { grant } from "@/app/api/bookings/booking-test-data";
import { sweepStaleSeatHolds } from "@/lib/commerce/course-seat-holds";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { connectStudio, deliverStripeEvent as deliver, stripeEvent, useFakeStripe } from "@/tests/helpers/stripe";
import { expectLogged } from "@/tests/helpers/logs";

const stripe = useFakeStripe();
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  await connectStudio(tenant);
});

const HOUR = 3_600_000;
const DAY = 86_400_000;
const MINUTE = 60_000;

/** A course of two classes, `capacity` places each, open to drop-ins (so a pass may book or wait). */
async function course(capacity: number) {
  const starts = [new Date(Date.now() + 2 * DAY), new Date(Date.UTC(2099, 2, 3, 17))];
  const event = await db.event.create({
    data: {
      accountId: tenant.accountId,
      title: "Yin yoga-forløb",
      durationMinutes: 60,
      capacity,
      status: "published",
      dropInsAllowed: true,
    },
  });
  const instanceIds: string[] = [];
  for (const startsAt of starts) {
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
      name: "Yin-forløb",
      status: "active",
      courseEventId: event.id,
      prices: [{ amount: 120000, currency: "DKK" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  return { instanceIds, product: product.body as { id: string; prices: { id: string }[] } };
}

type Course = Awaited<ReturnType<typeof course>>;

const buy = (member: TestMember, { product }: Course) =>
  api("POST", "/checkout", { token: member.token, body: { productId: product.id, priceId: product.prices[0]!.id } });

async function checkout(member: TestMember, bought: Course) {
  const response = await buy(member, bought);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const stored = await db.order.findUniqueOrThrow({ where: { id: response.body.order.id } });
  return { orderId: stored.id, sessionId: stored.providerRef! };
}

const sessionEvent = (type: string, { orderId, sessionId }: { orderId: string; sessionId: string }, paid = false) =>
  deliver(
    stripeEvent(type, {
      id: sessionId,
      object: "checkout.session",
      payment_status: paid ? "paid" : "unpaid",
      status: paid ? "complete" : "expired",
      metadata: { orderId, accountId: tenant.accountId },
    }),
  );

async function seatsLeft(productId: string): Promise<number> {
  const response = await api("GET", `/public/accounts/${tenant.slug}/products`);
  return (response.body as { id: string; course: { seatsLeft: number } }[]).find((p) => p.id === productId)!.course
    .seatsLeft;
}

const taken = async (instanceIds: string[]) =>
  (await db.instance.findMany({ where: { id: { in: instanceIds } }, orderBy: { startsAt: "asc" } })).map(
    (lesson) => lesson.bookedCount,
  );

/** A member with a pass standing on the waitlist of the course's first class. */
async function waiter(instanceId: string) {
  const member = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, member.userId);
  const booked = await api("POST", "/bookings", { token: member.token, body: { instanceId, waitlist: true } });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect(booked.body.status).toBe("waitlisted");
  return { member, bookingId: booked.body.id as string };
}

describe("a seat held while a course is paid through Stripe", () => {
  it("counts against every class: seats left drop, another buyer is told the course is full, a pass waits", async () => {
    const bought = await course(1);
    expect(await seatsLeft(bought.product.id)).toBe(1);
    const buyer = await createMember(tenant.accountId, "attendee");
    await checkout(buyer, bought);
    const session = stripe.fake.requests.find((request) => request.path === "/v1/checkout/sessions")!;
    const expiresIn = Number(session.form.get("expires_at")) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * MINUTE);
    expect(expiresIn).toBeLessThan(40 * MINUTE);

    expect(await seatsLeft(bought.product.id)).toBe(0);
    expect(await taken(bought.instanceIds)).toEqual([1, 1]);
    const second = await buy(await createMember(tenant.accountId, "attendee"), bought);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: "Course is full" });
    await waiter(bought.instanceIds[0]!);

    // The held seat is no booking: not the buyer's, not on the roster.
    const mine = await api("GET", "/me/bookings", { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(bought.instanceIds[0]!);
    const roster = await api("GET", `/instances/${bought.instanceIds[0]}/roster`, { token: tenant.admin.token });
    expect(roster.status).toBe(200);
    expect(JSON.stringify(roster.body)).not.toContain(buyer.userId);
  });

  it("becomes the buyer's confirmed booking when the payment succeeds, the place counted once", async () => {
    const bought = await course(2);
    const buyer = await createMember(tenant.accountId, "attendee");
    const order = await checkout(buyer, bought);
    expect(await taken(bought.instanceIds)).toEqual([1, 1]);

    expect((await sessionEvent("checkout.session.completed", order, true)).status).toBe(200);
    const bookings = await db.booking.findMany({ where: { attendeeId: buyer.userId } });
    expect(bookings.map((booking) => booking.status)).toEqual(["confirmed", "confirmed"]);
    expect(await taken(bought.instanceIds)).toEqual([1, 1]);
    expect(await db.seatHold.count({ where: { orderId: order.orderId } })).toBe(0);
    expect(await seatsLeft(bought.product.id)).toBe(1);
    const roster = await api("GET", `/instances/${bought.instanceIds[0]}/roster`, { token: tenant.admin.token });
    expect(JSON.stringify(roster.body)).toContain(buyer.userId);
  });

  for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
    it(`goes back to the waitlist on ${type}, and the next buyer may enrol`, async () => {
      const bought = await course(1);
      const buyer = await createMember(tenant.accountId, "attendee");
      const order = await checkout(buyer, bought);
      const { member, bookingId } = await waiter(bought.instanceIds[0]!);

      expect((await sessionEvent(type, order)).status).toBe(200);
      expect(await db.order.findUniqueOrThrow({ where: { id: order.orderId } })).toMatchObject({ status: "failed" });
      expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: "confirmed" });
      const [promoted] = await waitForEmails(member.email);
      expect(promoted!.subject).toMatch(/^(Du har fået en plads|You got a place): /);
      expect(await taken(bought.instanceIds)).toEqual([1, 0]);
      expect(await db.booking.count({ where: { attendeeId: buyer.userId } })).toBe(0);

      // The first class is the waiter's now; the course is full until the waiter's place frees.
      const next = await buy(await createMember(tenant.accountId, "attendee"), bought);
      expect(next.body).toEqual({ error: "Course is full" });
    });
  }

  it("is given back when Stripe cannot open the payment page (503)", async () => {
    const bought = await course(1);
    stripe.fake.failWith = "Stripe is down";
    expectLogged("error", /^payment provider failed to open a checkout \{"provider":"stripe"/);
    const refused = await buy(await createMember(tenant.accountId, "attendee"), bought);
    expect(refused.status).toBe(503);
    expect(await taken(bought.instanceIds)).toEqual([0, 0]);
    expect(await seatsLeft(bought.product.id)).toBe(1);
  });

  it("is given back by the sweep once its time is up, however many processes sweep", async () => {
    const bought = await course(1);
    const buyer = await createMember(tenant.accountId, "attendee");
    const order = await checkout(buyer, bought);
    const { bookingId } = await waiter(bought.instanceIds[0]!);

    expect(await sweepStaleSeatHolds(new Date(Date.now() + 30 * MINUTE))).toBe(0); // the payment is still open
    expect(await taken(bought.instanceIds)).toEqual([1, 1]);
    const later = new Date(Date.now() + 2 * HOUR);
    const swept = await Promise.all([sweepStaleSeatHolds(later), sweepStaleSeatHolds(later)]);
    expect(swept.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await db.seatHold.count({ where: { orderId: order.orderId } })).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: "confirmed" });
    expect(await taken(bought.instanceIds)).toEqual([1, 0]);
    expect(await seatsLeft(bought.product.id)).toBe(0);

    // Paid after all: the second class is still free and is booked; the first went to the waiter.
    expect((await sessionEvent("checkout.session.completed", order, true)).status).toBe(200);
    const bookings = await db.booking.findMany({ where: { attendeeId: buyer.userId } });
    expect(bookings.map((booking) => booking.instanceId)).toEqual([bought.instanceIds[1]]);
    expect(await taken(bought.instanceIds)).toEqual([1, 1]);
  });
});
