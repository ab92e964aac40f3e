// A workshop, teacher training or custom product with a course (`courseEventId`): buying it enrols
// the buyer in every class of the course not yet started, all or nothing (issue 32 §1). Classes are
// dated far from today (2020, 2099) or two days ahead (inside the booking window), never by the time
// of day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { serializeBooking } from "@/lib/schemas/booking";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { WebhookReceiver } from "@/tests/helpers/webhook-receiver";

const HOUR = 3_600_000;
const DAY = 86_400_000;

let tenant: TestTenant;
let other: TestTenant;

const receiver = new WebhookReceiver();

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

/** An event with one class at each start, `capacity` places each. */
async function courseEvent(starts: Date[], capacity = 2, accountId = tenant.accountId) {
  const event = await db.event.create({
    data: { accountId, title: "Yoga for begyndere", durationMinutes: 60, capacity, status: "published" },
  });
  const instances = [];
  for (const startsAt of starts) {
    instances.push(
      await db.instance.create({
        data: { accountId, eventId: event.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR), capacity },
      }),
    );
  }
  return { eventId: event.id, instanceIds: instances.map((instance) => instance.id) };
}

async function courseProduct(eventId: string, body: Record<string, unknown> = {}) {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "workshop",
      name: "Forløb",
      status: "active",
      courseEventId: eventId,
      prices: [{ amount: 90000, currency: "DKK" }],
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; prices: { id: string }[]; courseEventId: string; enrolUntil: string | null };
}

const buy = (member: TestMember, product: { id: string; prices: { id: string }[] }) =>
  api("POST", "/checkout", { token: member.token, body: { productId: product.id, priceId: product.prices[0]!.id } });

async function bookingsOf(userId: string, instanceIds: string[]) {
  return db.booking.findMany({
    where: { attendeeId: userId, instanceId: { in: instanceIds } },
    orderBy: { instance: { startsAt: "asc" } },
  });
}

const SIX_WEEKS = Array.from({ length: 6 }, (_, week) => new Date(Date.UTC(2099, 0, 13 + 7 * week, 17)));

describe("a course product", () => {
  it("reads back its course and enrolUntil, and is refused for other types and another studio's event", async () => {
    const { eventId } = await courseEvent(SIX_WEEKS);
    const product = await courseProduct(eventId, { enrolUntil: "2099-01-27T12:00:00+01:00" });
    expect(product).toMatchObject({ courseEventId: eventId, enrolUntil: "2099-01-27T11:00:00.000Z" });

    const pass = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        classAllowance: 10,
        name: "Klippekort",
        courseEventId: eventId,
        prices: [{ amount: 1, currency: "DKK" }],
      },
    });
    expect(pass.status).toBe(400);
    expect(pass.body.details).toContainEqual(
      expect.objectContaining({ path: "courseEventId", code: "course_type_only" }),
    );

    const foreign = await courseEvent(SIX_WEEKS, 2, other.accountId);
    const refused = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { courseEventId: foreign.eventId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: "courseEventId", message: "Not an event of this account", code: "event_unknown" },
    ]);
    const changedType = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { type: "drop_in" },
    });
    expect(changedType.status).toBe(400);

    const cleared = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { courseEventId: null, enrolUntil: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ courseEventId: null, enrolUntil: null });
  });

  it("is listed publicly with its course: classes, first and last start, seats left", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS, 3);
    const product = await courseProduct(eventId);
    await db.instance.update({ where: { id: instanceIds[2]! }, data: { bookedCount: 2 } });
    const response = await api("GET", `/public/accounts/${tenant.slug}/products`);
    expect(response.status).toBe(200);
    const listed = (response.body as { id: string; course: unknown }[]).find((p) => p.id === product.id);
    expect(listed?.course).toEqual({
      eventId,
      classes: 6,
      firstStartsAt: SIX_WEEKS[0]!.toISOString(),
      lastStartsAt: SIX_WEEKS[5]!.toISOString(),
      seatsLeft: 1,
    });
    const otherStudio = await api("GET", `/public/accounts/${other.slug}/products`);
    expect((otherStudio.body as { id: string }[]).map((p) => p.id)).not.toContain(product.id);
  });
});

describe("buying a course", () => {
  it("enrols the buyer in every class with an unlimited entitlement for the course until its last class ends", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS);
    const product = await courseProduct(eventId);
    const buyer = await createMember(tenant.accountId, "attendee");
    const response = await buy(buyer, product);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.entitlement).toMatchObject({
      remainingClasses: null,
      validUntil: new Date(SIX_WEEKS[5]!.getTime() + HOUR).toISOString(),
    });
    const bookings = await bookingsOf(buyer.userId, instanceIds);
    expect(bookings.map((b) => [b.instanceId, b.status, b.entitlementId])).toEqual(
      instanceIds.map((id) => [id, "confirmed", response.body.entitlement.id]),
    );
    const counts = await db.instance.findMany({ where: { id: { in: instanceIds } }, select: { bookedCount: true } });
    expect(counts.every((instance) => instance.bookedCount === 1)).toBe(true);
  });

  it("makes real bookings: a confirmation email for each class and a booking.created event for each", async () => {
    const webhook = await api("POST", "/webhooks", {
      token: tenant.admin.token,
      body: { url: receiver.url, events: ["booking.created"] },
    });
    expect(webhook.status, webhook.text).toBe(201);
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS);
    const product = await courseProduct(eventId);
    const buyer = await createMember(tenant.accountId, "attendee");
    expect((await buy(buyer, product)).status).toBe(201);
    const bookings = await bookingsOf(buyer.userId, instanceIds);
    expect(bookings).toHaveLength(6);

    const emails = await waitForEmails(buyer.email, 7); // six confirmations and the payment email
    const confirmations = emails.filter((email) => /^Booking (bekræftet|confirmed): Yoga for begyndere/.test(email.subject));
    expect(confirmations).toHaveLength(6);
    expect(confirmations.every((email) => email.attachments?.some((file) => file.filename.endsWith(".ics")))).toBe(true);

    const deliveries = await db.webhookDelivery.findMany({
      where: { webhookId: webhook.body.webhook.id, eventType: "booking.created" },
    });
    const sent = deliveries.map((delivery) => JSON.parse(delivery.payload).data);
    expect(sent).toHaveLength(6);
    expect(sent).toEqual(expect.arrayContaining(bookings.map((booking) => serializeBooking(booking))));
  });

  it("is all or nothing: 409 Course is full when one class is full, before any order is written", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS, 1);
    const product = await courseProduct(eventId);
    const first = await createMember(tenant.accountId, "attendee");
    expect((await buy(first, product)).status).toBe(201);
    // Another pupil has the one place of the fourth class only: the fifth buyer of a full week.
    const second = await createMember(tenant.accountId, "attendee");
    const response = await buy(second, product);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: "Course is full" });
    expect(await bookingsOf(second.userId, instanceIds)).toEqual([]);
    expect(await db.order.count({ where: { userId: second.userId } })).toBe(0);

    // One class full is enough: free every class but one, still refused, nothing written.
    await db.booking.updateMany({
      where: { attendeeId: first.userId, instanceId: { not: instanceIds[3]! } },
      data: { status: "cancelled" },
    });
    await db.instance.updateMany({
      where: { id: { in: instanceIds }, NOT: { id: instanceIds[3]! } },
      data: { bookedCount: 0 },
    });
    const again = await buy(second, product);
    expect(again.status).toBe(409);
    expect(await bookingsOf(second.userId, instanceIds)).toEqual([]);
    const counts = await db.instance.findMany({
      where: { id: { in: instanceIds } },
      select: { id: true, bookedCount: true },
    });
    expect(counts.find((c) => c.id === instanceIds[3])!.bookedCount).toBe(1);
    expect(counts.filter((c) => c.id !== instanceIds[3]).every((c) => c.bookedCount === 0)).toBe(true);
  });

  it("closes when the first class starts, unless enrolUntil is later: then it books the classes still ahead", async () => {
    const starts = [new Date(Date.UTC(2020, 0, 7, 17)), ...SIX_WEEKS.slice(0, 2)];
    const { eventId, instanceIds } = await courseEvent(starts);
    const product = await courseProduct(eventId);
    const buyer = await createMember(tenant.accountId, "attendee");
    const closed = await buy(buyer, product);
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ error: "Enrolment is closed" });

    await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { enrolUntil: "2099-01-01T00:00:00Z" },
    });
    const late = await buy(buyer, product);
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.order.amount).toBe(90000);
    expect((await bookingsOf(buyer.userId, instanceIds)).map((b) => b.instanceId)).toEqual(instanceIds.slice(1));
  });

  it("concurrent buyers of the last seats never enrol more than the seats, and no class is over capacity", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS.slice(0, 3), 2);
    const product = await courseProduct(eventId);
    // One class already has one place taken: one seat left in the course.
    const early = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, early.userId, { eligibleEventIds: [eventId] });
    await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: instanceIds[1]!, attendeeId: early.userId, status: "confirmed" },
    });
    await db.instance.update({ where: { id: instanceIds[1]! }, data: { bookedCount: 1 } });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createMember(tenant.accountId, "attendee")));
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer, product)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const counts = await db.instance.findMany({
      where: { id: { in: instanceIds } },
      select: { id: true, bookedCount: true, capacity: true },
    });
    for (const { id, bookedCount, capacity } of counts) {
      const confirmed = await db.booking.count({ where: { instanceId: id, status: "confirmed" } });
      expect(confirmed).toBe(bookedCount);
      expect(confirmed).toBeLessThanOrEqual(capacity);
    }
  });

  it("at the desk enrols too, and 409 Course is full there as well", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS, 1);
    const product = await courseProduct(eventId);
    const [one, two] = [
      await createMember(tenant.accountId, "attendee"),
      await createMember(tenant.accountId, "attendee"),
    ];
    const desk = (member: TestMember) =>
      api("POST", `/users/${member.userId}/entitlements`, {
        token: tenant.admin.token,
        body: { productId: product.id },
      });
    expect((await desk(one)).status).toBe(201);
    expect(await bookingsOf(one.userId, instanceIds)).toHaveLength(6);
    const full = await desk(two);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: "Course is full" });
    expect(await db.entitlement.count({ where: { userId: two.userId } })).toBe(0);
  });

  it("a refund of the order cancels the future course bookings (cancelled_by_studio)", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS);
    const product = await courseProduct(eventId);
    const buyer = await createMember(tenant.accountId, "attendee");
    const bought = await buy(buyer, product);
    const refund = await api("POST", `/orders/${bought.body.order.id}/refunds`, {
      token: tenant.admin.token,
      body: {},
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const bookings = await bookingsOf(buyer.userId, instanceIds);
    expect(bookings.map((b) => b.status)).toEqual(Array(6).fill("cancelled_by_studio"));
    const counts = await db.instance.findMany({ where: { id: { in: instanceIds } }, select: { bookedCount: true } });
    expect(counts.every((instance) => instance.bookedCount === 0)).toBe(true);
  });
});

describe("a class of a course", () => {
  it("is booked through enrolment only, unless the event allows drop-ins: then a pass books a single class", async () => {
    const { eventId, instanceIds } = await courseEvent([new Date(Date.now() + 2 * DAY), ...SIX_WEEKS.slice(0, 1)], 5);
    await courseProduct(eventId);
    const curious = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, curious.userId);
    const book = () => api("POST", "/bookings", { token: curious.token, body: { instanceId: instanceIds[0] } });
    const refused = await book();
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: "No valid entitlement" });

    const allowed = await api("PATCH", `/events/${eventId}`, {
      token: tenant.admin.token,
      body: { dropInsAllowed: true },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.dropInsAllowed).toBe(true);
    const schedule = await api("GET", `/public/accounts/${tenant.slug}/events`);
    const listed = (schedule.body.instances as { id: string; dropInsAllowed: boolean }[]).find(
      (instance) => instance.id === instanceIds[0],
    );
    expect(listed?.dropInsAllowed).toBe(true);
    const trial = await book();
    expect(trial.status, JSON.stringify(trial.body)).toBe(201);
    expect(trial.body.status).toBe("confirmed");
  });

  it("answers dropInsAllowed on the administrator's instances, and the OpenAPI Instance schema has it", async () => {
    const { eventId, instanceIds } = await courseEvent(SIX_WEEKS.slice(0, 2), 4);
    const list = () =>
      api("GET", "/instances?from=2099-01-01T00:00:00Z&to=2099-02-01T00:00:00Z", { token: tenant.admin.token });
    const before = (await list()).body as { id: string; dropInsAllowed: boolean }[];
    expect(before.filter((i) => instanceIds.includes(i.id)).map((i) => i.dropInsAllowed)).toEqual([false, false]);

    await api("PATCH", `/events/${eventId}`, { token: tenant.admin.token, body: { dropInsAllowed: true } });
    const after = (await list()).body as { id: string; dropInsAllowed: boolean }[];
    expect(after.filter((i) => instanceIds.includes(i.id)).map((i) => i.dropInsAllowed)).toEqual([true, true]);
    const changed = await api("PATCH", `/instances/${instanceIds[0]}`, {
      token: tenant.admin.token,
      body: { action: "capacity", capacity: 5 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ capacity: 5, dropInsAllowed: true });

    const document = await api("GET", "/openapi.json");
    const instance = document.body.components.schemas.Instance;
    expect(instance.properties.dropInsAllowed).toMatchObject({ type: "boolean" });
    expect(instance.required).toContain("dropInsAllowed");
  });

  it("another studio's event answers 404 to this studio's administrator", async () => {
    const foreign = await courseEvent(SIX_WEEKS, 2, other.accountId);
    const response = await api("PATCH", `/events/${foreign.eventId}`, {
      token: tenant.admin.token,
      body: { dropInsAllowed: true },
    });
    expect(response.status).toBe(404);
  });
});
