// A member's own history on the public site (and the desk's person page) read a keyset page at a time,
// through a real database at a fixed moment: past bookings of the household, newest class first,
// a class still running not yet past; receipts (orders with a receipt number) newest first.
import { beforeAll, describe, expect, it } from "vitest";
import { createClass } from "@/app/api/bookings/booking-test-data";
import { listPersonOrdersPage } from "@/lib/commerce/list-person-orders";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { countPastAttendance, countPastBookings, listPastBookings } from "./list-past-bookings";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Tuesday 12 March 2030, 12:00 UTC.
const NOW = new Date("2030-03-12T12:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

let tenant: TestTenant;
let guardian: TestMember;
let child: TestMember;
let running: string;

beforeAll(async () => {
  tenant = await createTenant();
  guardian = await createMember(tenant.accountId, "attendee", { displayName: "Far" });
  child = await createMember(tenant.accountId, "attendee", { displayName: "Barn" });
  await db.user.update({ where: { id: child.userId }, data: { guardianId: guardian.userId } });
  const other = await createMember(tenant.accountId, "attendee");
  // 12 past classes a day apart, the child's every third; one running now (started 30 minutes ago)
  for (let k = 0; k < 12; k++) {
    const instance = await createClass(tenant.accountId, { startsAt: at(-(k + 1) * DAY), title: `Past ${k}` });
    const attendeeId = k % 3 === 2 ? child.userId : guardian.userId;
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: instance.id,
        attendeeId,
        status: "confirmed",
        attendance: "attended",
      },
    });
    await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: instance.id, attendeeId: other.userId, status: "confirmed" },
    });
  }
  const now = await createClass(tenant.accountId, { startsAt: at(-HOUR / 2), title: "Running" });
  running = (
    await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: now.id, attendeeId: guardian.userId, status: "confirmed" },
    })
  ).id;

  const product = await db.product.create({
    data: { accountId: tenant.accountId, type: "class_pass", name: "Klip", classAllowance: 1, status: "active" },
  });
  const price = await db.price.create({
    data: { accountId: tenant.accountId, productId: product.id, amount: 10000, currency: "DKK" },
  });
  // 8 orders a day apart: the child's every fourth, the pending ones (odd) without a receipt
  for (let k = 0; k < 8; k++)
    await db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: k % 4 === 3 ? child.userId : guardian.userId,
        productId: product.id,
        priceId: price.id,
        amount: 100 + k,
        currency: "DKK",
        status: k % 2 === 0 ? "paid" : "pending",
        receiptNumber: k % 2 === 0 ? 1000 + k : null,
        provider: "desk",
        createdAt: at(-(k + 1) * DAY),
      },
    });
});

describe("a member's history in keyset pages", () => {
  it("pages the household's ended classes, newest first, every one once, a running class not among them", async () => {
    const scoped = tenantDb(tenant.accountId);
    const read = (after?: readonly [Date, string]) =>
      listPastBookings({
        db: scoped,
        userId: guardian.userId,
        household: true,
        on: "endsAt",
        before: NOW,
        limit: 5,
        after,
      });
    const pages = [await read()];
    while (pages.at(-1)!.next) pages.push(await read(pages.at(-1)!.next!));
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 2]);
    const titles = pages.flatMap((page) => page.items.map((booking) => booking.instance.event.title));
    expect(titles).toEqual(Array.from({ length: 12 }, (_, k) => `Past ${k}`));
    expect(pages.flatMap((page) => page.items.map((booking) => booking.id))).not.toContain(running);
    const own = await listPastBookings({ db: scoped, userId: guardian.userId, before: NOW, limit: 50 });
    // by start, the running class is past; without the household, only the guardian's own 8 + 1
    expect(own.items).toHaveLength(9);
    expect(own.items[0]!.id).toBe(running);
    expect(await countPastBookings({ db: scoped, userId: guardian.userId, before: NOW })).toBe(9);
    expect(await countPastAttendance({ db: scoped, userId: guardian.userId, before: NOW })).toEqual({
      attended: 8,
      noShow: 0,
      rate: 1,
    });
  });

  it("pages the household's receipts, newest first, without the orders that have none", async () => {
    const scoped = tenantDb(tenant.accountId);
    const first = await listPersonOrdersPage({
      db: scoped,
      userId: guardian.userId,
      household: true,
      receipted: true,
      limit: 3,
    });
    expect(first.items.map((order) => order.amount)).toEqual([100, 102, 104]);
    const second = await listPersonOrdersPage({
      db: scoped,
      userId: guardian.userId,
      household: true,
      receipted: true,
      limit: 3,
      after: first.next!,
    });
    expect(second.items.map((order) => order.amount)).toEqual([106]);
    expect(second.next).toBeNull();
    const another = await createTenant();
    const none = await listPersonOrdersPage({ db: tenantDb(another.accountId), userId: guardian.userId, limit: 3 });
    expect(none.items).toEqual([]);
  });
});
