// Course seats under concurrency on PostgreSQL (issue 32 §1, decision 0033), across two app
// processes (tests/helpers/app-server.ts, their Stripe answered by the fake) sharing the database:
// buyers racing for the last seats of a course are held at most the seats, the rest answer 409
// `Course is full` (never a 5xx); while the payments succeed or expire over both processes' webhook
// endpoints and more buyers arrive, no more buyers are ever enrolled than the seats and no class of
// the course is ever over its capacity; its counter is always its confirmed bookings and held seats.
import Stripe from "stripe";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { connectStudio, STRIPE_ENV, stripeEvent, useFakeStripe, WEBHOOK_SECRET } from "@/tests/helpers/stripe";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[course-holds-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

useFakeStripe();
const HOUR = 3_600_000;
const CLASSES = [0, 1, 2].map((week) => new Date(Date.UTC(2099, 4, 5 + 7 * week, 17)));

type Reply = { status: number; body: { error?: string; order?: { id: string } } };

describe.skipIf(!databaseUrl)("buyers racing for the last seats of a course on PostgreSQL", () => {
  let servers: AppServer[] = [];
  let tenant: TestTenant;
  let next = 0;
  const previous = process.env.MAX_IN_FLIGHT_REQUESTS;

  /** A request to the next of the two processes, round robin. */
  async function send(path: string, init: { headers: Record<string, string>; body: string }): Promise<Reply> {
    const server = servers[next++ % servers.length]!;
    const response = await fetch(`${server.url}/api${path}`, { method: "POST", ...init });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }

  const checkout = (buyer: TestMember, product: { id: string; priceId: string }) =>
    send("/checkout", {
      headers: { authorization: `Bearer ${buyer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ productId: product.id, priceId: product.priceId }),
    });

  /** The order's Checkout Session completed (paid) or expired, delivered as Stripe signs it. */
  function settle(orderId: string, paid: boolean): Promise<Reply> {
    const payload = JSON.stringify(
      stripeEvent(paid ? "checkout.session.completed" : "checkout.session.expired", {
        id: `cs_race_${orderId}`,
        object: "checkout.session",
        payment_status: paid ? "paid" : "unpaid",
        status: paid ? "complete" : "expired",
        metadata: { orderId, accountId: tenant.accountId },
      }),
    );
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return send("/payments/stripe/webhook", {
      headers: { "stripe-signature": signature, "content-type": "application/json" },
      body: payload,
    });
  }

  beforeAll(async () => {
    process.env.MAX_IN_FLIGHT_REQUESTS = "5000";
    resetEnvCache();
    servers = await startAppServers(2, databaseUrl!, {
      ...STRIPE_ENV,
      TEST_FAKE_STRIPE: "1",
      MAX_IN_FLIGHT_REQUESTS: "5000",
      DATABASE_POOL_SIZE: "10",
      DATABASE_POOL_TIMEOUT_MS: "30000",
    });
    tenant = await createTenant();
    await connectStudio(tenant);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (previous === undefined) delete process.env.MAX_IN_FLIGHT_REQUESTS;
    else process.env.MAX_IN_FLIGHT_REQUESTS = previous;
    resetEnvCache();
  });

  /** A course of `classes` classes with `capacity` places, `booked` of them taken already by others. */
  async function course(classes: number, capacity: number, booked: number) {
    const event = await db.event.create({
      data: { accountId: tenant.accountId, title: "Forløb", durationMinutes: 60, capacity, status: "published" },
    });
    const others = await createAttendeesInBulk(tenant.accountId, booked, "taken");
    const instanceIds: string[] = [];
    for (const startsAt of CLASSES.slice(0, classes)) {
      const instance = await db.instance.create({
        data: {
          accountId: tenant.accountId,
          eventId: event.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          capacity,
          bookedCount: booked,
        },
      });
      await db.booking.createMany({
        data: others.map((other) => ({
          accountId: tenant.accountId,
          instanceId: instance.id,
          attendeeId: other.userId,
          status: "confirmed",
        })),
      });
      instanceIds.push(instance.id);
    }
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "workshop",
        name: "Forløb",
        status: "active",
        courseEventId: event.id,
        prices: [{ amount: 90000, currency: "DKK" }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { instanceIds, product: { id: created.body.id as string, priceId: created.body.prices[0].id as string } };
  }

  /** Each class: capacity never passed, the counter its confirmed bookings plus its held seats. */
  async function expectNoClassOverCapacity(instanceIds: string[]) {
    for (const instanceId of instanceIds) {
      const instance = await db.instance.findUniqueOrThrow({ where: { id: instanceId } });
      const confirmed = await db.booking.count({ where: { instanceId, status: "confirmed" } });
      const held = await db.seatHold.count({ where: { instanceId } });
      expect(instance.bookedCount).toBe(confirmed + held);
      expect(instance.bookedCount).toBeLessThanOrEqual(instance.capacity);
    }
  }

  const okOrFull = (reply: Reply) => {
    expect([201, 409], JSON.stringify(reply.body)).toContain(reply.status);
    if (reply.status === 409) expect(reply.body.error).toBe("Course is full");
  };

  it("never enrols more buyers than the seats, nor puts a class over capacity", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          classes: fc.integer({ min: 1, max: 3 }),
          seats: fc.integer({ min: 1, max: 3 }),
          booked: fc.integer({ min: 0, max: 2 }),
          extra: fc.integer({ min: 1, max: 4 }),
          // Whether each first-wave buyer's payment succeeds (else its session expires).
          pays: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
          late: fc.integer({ min: 1, max: 3 }),
        }),
        async ({ classes, seats, booked, extra, pays, late }) => {
          const { instanceIds, product } = await course(classes, booked + seats, booked);
          const first = await createAttendeesInBulk(tenant.accountId, seats + extra, "first");
          const replies = await Promise.all(first.map((buyer) => checkout(buyer, product)));
          replies.forEach(okOrFull);
          const holding = replies.flatMap((reply) => (reply.status === 201 ? [reply.body.order!.id] : []));
          expect(holding).toHaveLength(seats); // every free seat is held, and no more
          await expectNoClassOverCapacity(instanceIds);

          // The payments settle on both processes while more buyers arrive.
          const latecomers = await createAttendeesInBulk(tenant.accountId, late, "late");
          const [settled, lateReplies] = await Promise.all([
            Promise.all(holding.map((orderId, i) => settle(orderId, pays[i]!))),
            Promise.all(latecomers.map((buyer) => checkout(buyer, product))),
          ]);
          for (const reply of settled) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          lateReplies.forEach(okOrFull);
          await expectNoClassOverCapacity(instanceIds);
          const lateHolding = lateReplies.flatMap((reply) => (reply.status === 201 ? [reply.body.order!.id] : []));
          for (const reply of await Promise.all(lateHolding.map((orderId) => settle(orderId, true))))
            expect(reply.status).toBe(200);

          await expectNoClassOverCapacity(instanceIds);
          const buyers = [...first, ...latecomers].map((buyer) => buyer.userId);
          const enrolled = await db.booking.groupBy({
            by: ["attendeeId"],
            where: { instanceId: { in: instanceIds }, attendeeId: { in: buyers }, status: "confirmed" },
            _count: true,
          });
          expect(enrolled.length).toBeLessThanOrEqual(seats);
          // Every buyer whose payment succeeded while holding is in every class.
          const paidFirst = holding.filter((_, i) => pays[i]).length;
          expect(enrolled.filter((row) => row._count === classes).length).toBe(paidFirst + lateHolding.length);
          expect(await db.seatHold.count({ where: { instanceId: { in: instanceIds } } })).toBe(0);
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);
});
