import { beforeAll, describe, expect, it } from "vitest";
import { getSummarySeries } from "@/lib/admin/get-summary-series";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// GET /admin/summary: figures of the period [from, to) — bookings by the start of their instance,
// revenue by paidAt — of the caller's account only.

const FROM = "2026-03-01T00:00:00.000Z";
const TO = "2026-03-08T00:00:00.000Z";
const at = (iso: string) => new Date(iso);

let tenant: TestTenant;
let other: TestTenant;
let attendee: TestMember;

async function instance(accountId: string, startsAt: string, capacity: number, status = "scheduled") {
  const event = await db.event.create({
    data: { accountId, title: "Flow", durationMinutes: 60, capacity, status: "published" },
  });
  const start = at(startsAt);
  return db.instance.create({
    data: {
      accountId,
      eventId: event.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      capacity,
      status,
    },
  });
}

async function book(
  accountId: string,
  instanceId: string,
  attendeeId: string,
  status: string,
  attendance: string | null = null,
) {
  await db.booking.create({ data: { accountId, instanceId, attendeeId, status, attendance } });
}

async function order(
  accountId: string,
  userId: string,
  amount: number,
  currency: string,
  status: string,
  paidAt: string | null,
) {
  const product = await db.product.create({ data: { accountId, type: "drop_in", name: "Drop-in", status: "active" } });
  const price = await db.price.create({ data: { accountId, productId: product.id, amount, currency } });
  await db.order.create({
    data: {
      accountId,
      userId,
      productId: product.id,
      priceId: price.id,
      amount,
      currency,
      status,
      provider: "demo",
      paidAt: paidAt ? at(paidAt) : null,
    },
  });
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  const a = tenant.accountId;
  const people = await Promise.all([1, 2, 3, 4].map(() => createMember(a, "attendee")));
  const [p1, p2, p3, p4] = people.map((p) => p.userId) as [string, string, string, string];

  // In the period: capacity 10 + 5 (a cancelled instance's capacity is not counted).
  const monday = await instance(a, "2026-03-02T08:00:00.000Z", 10);
  const moved = await instance(a, "2026-03-05T17:00:00.000Z", 5, "moved");
  const cancelled = await instance(a, "2026-03-06T17:00:00.000Z", 8, "cancelled");
  await book(a, monday.id, p1, "confirmed", "attended");
  await book(a, monday.id, p2, "confirmed", "no_show");
  await book(a, monday.id, p3, "confirmed");
  await book(a, monday.id, p4, "cancelled");
  await book(a, moved.id, p1, "confirmed", "attended");
  await book(a, moved.id, p2, "late_cancelled");
  await book(a, moved.id, p3, "waitlisted");
  await book(a, cancelled.id, p4, "cancelled_by_studio");

  // Outside the period: the instance starting exactly at `to` and one before `from`.
  const atTo = await instance(a, TO, 10);
  await book(a, atTo.id, p4, "confirmed", "attended");
  const before = await instance(a, "2026-02-28T23:59:59.000Z", 10);
  await book(a, before.id, p4, "confirmed");

  // Orders: paid in the period (two currencies), paid outside, pending, refunded.
  await order(a, p1, 12000, "DKK", "paid", "2026-03-01T00:00:00.000Z");
  await order(a, p2, 30000, "DKK", "paid", "2026-03-07T23:59:59.000Z");
  await order(a, p3, 2500, "EUR", "paid", "2026-03-03T10:00:00.000Z");
  await order(a, p3, 9999, "DKK", "paid", TO);
  await order(a, p4, 7777, "DKK", "pending", null);
  await order(a, p4, 5555, "DKK", "refunded", "2026-03-03T10:00:00.000Z");

  // The other tenant: its figures must never appear.
  const theirs = await instance(other.accountId, "2026-03-03T08:00:00.000Z", 4);
  const theirAttendee = await createMember(other.accountId, "attendee");
  await book(other.accountId, theirs.id, theirAttendee.userId, "confirmed", "attended");
  await order(other.accountId, theirAttendee.userId, 100000, "DKK", "paid", "2026-03-03T10:00:00.000Z");
});

const query = `/admin/summary?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;

describe("GET /admin/summary", () => {
  it("counts the period's bookings, attendance, fill rate and revenue of the account", async () => {
    const response = await api("GET", query, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bookings: 4,
      attended: 2,
      noShows: 1,
      cancellations: 1,
      lateCancellations: 1,
      fillRate: 0.2667, // 4 confirmed ÷ (10 + 5)
      revenue: [
        { currency: "DKK", amount: 42000 },
        { currency: "EUR", amount: 2500 },
      ],
      revenueByVatRate: [
        { currency: "DKK", vatRate: null, amount: 42000, vatAmount: null },
        { currency: "EUR", vatRate: null, amount: 2500, vatAmount: null },
      ],
      activeAttendees: 3,
      giftCards: { sold: 0, redeemed: 0, outstanding: 0 },
    });
  });

  it("never counts another tenant's data", async () => {
    const response = await api("GET", query, { token: other.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bookings: 1,
      attended: 1,
      noShows: 0,
      cancellations: 0,
      lateCancellations: 0,
      fillRate: 0.25,
      revenue: [{ currency: "DKK", amount: 100000 }],
      revenueByVatRate: [{ currency: "DKK", vatRate: null, amount: 100000, vatAmount: null }],
      activeAttendees: 1,
      giftCards: { sold: 0, redeemed: 0, outstanding: 0 },
    });
  });

  it("defaults to the 30 days before now (nothing seeded there)", async () => {
    const response = await api("GET", "/admin/summary", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bookings: 0,
      attended: 0,
      noShows: 0,
      cancellations: 0,
      lateCancellations: 0,
      fillRate: 0,
      revenue: [],
      revenueByVatRate: [],
      activeAttendees: 0,
      giftCards: { sold: 0, redeemed: 0, outstanding: 0 },
    });
  });

  it("takes the 30 days after `from` when only `from` is given", async () => {
    const response = await api("GET", `/admin/summary?from=${encodeURIComponent("2026-02-20T00:00:00Z")}`, {
      token: tenant.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.bookings).toBe(6); // the 4 of the period, the one at `to` and the one before `from`
  });

  it("answers 401 without or with a bad token", async () => {
    expect(await api("GET", query)).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("GET", query, { token: "nope" })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });

  it("answers 403 to an attendee", async () => {
    expect(await api("GET", query, { token: attendee.token })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });

  it.each([
    ["from=yesterday", "from"],
    [`from=${encodeURIComponent(TO)}&to=${encodeURIComponent(FROM)}`, "to"],
    [`from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(FROM)}`, "to"],
    [`from=${encodeURIComponent("2025-01-01T00:00:00Z")}&to=${encodeURIComponent("2026-01-02T00:00:01Z")}`, "to"],
  ])("answers 400 to a bad query (%s)", async (search, path) => {
    const response = await api("GET", `/admin/summary?${search}`, { token: tenant.admin.token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("accepts exactly 366 days", async () => {
    const response = await api(
      "GET",
      `/admin/summary?from=${encodeURIComponent("2025-03-07T00:00:00Z")}&to=${encodeURIComponent(TO)}`,
      {
        token: tenant.admin.token,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.bookings).toBe(5);
  });

  it("answers 405 to other methods", async () => {
    expect((await api("POST", query, { token: tenant.admin.token })).status).toBe(405);
  });
});

describe("getSummarySeries (the dashboard's charts)", () => {
  it("cuts the period into studio days whose figures add up to the totals", async () => {
    const { total, unit, points } = await getSummarySeries({
      db: tenantDb(tenant.accountId),
      from: at(FROM),
      to: at(TO),
      timezone: "Europe/Copenhagen",
    });
    expect(unit).toBe("day");
    expect(total).toMatchObject({ bookings: 4, attended: 2, fillRate: 0.2667 });
    expect(points.map((p) => p.label)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    const monday = points.find((p) => p.label === "2026-03-02")!;
    expect(monday.summary).toMatchObject({ bookings: 3, attended: 1, noShows: 1, cancellations: 1, fillRate: 0.3 });
    expect(points.reduce((sum, p) => sum + p.summary.bookings, 0)).toBe(total.bookings);
    const dkk = points.flatMap((p) => p.summary.revenue).filter((r) => r.currency === "DKK");
    expect(dkk.reduce((sum, r) => sum + r.amount, 0)).toBe(42000);
  });
});
