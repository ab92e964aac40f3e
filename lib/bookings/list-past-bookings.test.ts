// A member's own history on the public site (and the desk's person page) read a keyset page at a time,
// through a real database at a fixed moment: past bookings of the household, newest class first,
// a class still running not yet past; receipts (orders with a receipt number) newest first; passes
// still usable whole, the ended ones newest first.
import { beforeAll, describe, expect, it } from "vitest";
import { createClass } from "@/app/api/bookings/booking-test-data";
import { listCurrentPasses, listEndedPassesPage } from "@/lib/commerce/list-person-passes";
import { listPersonOrdersPage } from "@/lib/orders/list-person-orders";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { countPastAttendance, countPastBookings, listPastBookings } from "./list-past-bookings";
import { readHousehold } from "@/lib/households/household-scope";

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
    const read = async (after?: readonly [Date, string]) =>
      listPastBookings({
        db: scoped,
        userId: guardian.userId,
        household: await readHousehold(scoped, guardian.userId),
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
      household: await readHousehold(scoped, guardian.userId),
      receipted: true,
      limit: 3,
    });
    expect(first.items.map((order) => order.amount)).toEqual([100, 102, 104]);
    const second = await listPersonOrdersPage({
      db: scoped,
      userId: guardian.userId,
      household: await readHousehold(scoped, guardian.userId),
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

  it("shows the household's current passes whole and pages its ended ones, newest first, nobody else's", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Mor" });
    const kid = await createMember(tenant.accountId, "attendee", { displayName: "Datter" });
    await db.user.update({ where: { id: kid.userId }, data: { guardianId: member.userId } });
    const stranger = await createMember(tenant.accountId, "attendee");
    const elsewhere = await createTenant();
    await createMember(elsewhere.accountId, "attendee", { email: member.email });
    const productIn = async (accountId: string) =>
      (
        await db.product.create({
          data: { accountId, type: "class_pass", name: "Klip", classAllowance: 10, status: "active" },
        })
      ).id;
    const klip = await productIn(tenant.accountId);
    const pass = (data: {
      userId?: string;
      accountId?: string;
      productId?: string;
      createdAt: Date;
      remainingClasses?: number | null;
      validUntil?: Date | null;
      status?: string;
    }) =>
      db.entitlement.create({
        data: {
          accountId: tenant.accountId,
          userId: member.userId,
          productId: klip,
          validFrom: data.createdAt,
          remainingClasses: 10,
          ...data,
        },
      });
    // 30 ended passes a week apart, the kid's every sixth (two created at the same moment: the id breaks the tie)
    const endings = [{ remainingClasses: 0 }, { validUntil: NOW }, { status: "revoked" }, { status: "expired" }];
    const ended: string[] = [];
    for (let k = 0; k < 30; k++) {
      const createdAt = at(-(k === 29 ? 4 : k + 1) * 7 * DAY);
      const userId = k % 6 === 5 ? kid.userId : member.userId;
      ended.push((await pass({ userId, createdAt, validUntil: at(60 * DAY), ...endings[k % endings.length] })).id);
    }
    // two current ones: the kid's pass starting next week, the member's own with one class left
    const coming = await pass({ userId: kid.userId, createdAt: at(-DAY), validUntil: at(40 * DAY) });
    await db.entitlement.update({ where: { id: coming.id }, data: { validFrom: at(7 * DAY) } });
    const last = await pass({ createdAt: at(-900 * DAY), remainingClasses: 1, validUntil: at(HOUR) });
    const foreign = [
      await pass({ userId: stranger.userId, createdAt: at(-DAY) }),
      await pass({ userId: stranger.userId, createdAt: at(-3 * DAY), status: "expired" }),
      await pass({
        accountId: elsewhere.accountId,
        productId: await productIn(elsewhere.accountId),
        createdAt: at(-DAY),
      }),
      await pass({
        accountId: elsewhere.accountId,
        productId: await productIn(elsewhere.accountId),
        createdAt: at(-2 * DAY),
        status: "revoked",
      }),
    ].map((entitlement) => entitlement.id);

    const scoped = tenantDb(tenant.accountId);
    const current = await listCurrentPasses({
      db: scoped,
      userId: member.userId,
      household: await readHousehold(scoped, member.userId),
      now: NOW,
    });
    expect(current.map((entitlement) => entitlement.id)).toEqual([coming.id, last.id]);
    const read = async (after?: readonly [Date, string]) =>
      listEndedPassesPage({
        db: scoped,
        userId: member.userId,
        household: await readHousehold(scoped, member.userId),
        now: NOW,
        limit: 25,
        after,
      });
    const first = await read();
    expect(first.items).toHaveLength(25);
    const second = await read(first.next!);
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((entitlement) => entitlement.id))).toEqual(new Set(ended));
    expect(all).toHaveLength(30);
    const times = all.map((entitlement) => entitlement.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // the same split as the status a pass is shown with
    expect(current.map((entitlement) => serializeEntitlement(entitlement, NOW).status)).toEqual(["active", "active"]);
    expect(all.filter((entitlement) => serializeEntitlement(entitlement, NOW).status === "active")).toEqual([]);
    for (const id of foreign) expect([...all, ...current].map((entitlement) => entitlement.id)).not.toContain(id);
    // the same person in the other studio sees only that studio's: none of these
    const there = tenantDb(elsewhere.accountId);
    const theirs = [
      ...(await listCurrentPasses({
        db: there,
        userId: member.userId,
        household: await readHousehold(there, member.userId),
        now: NOW,
      })),
      ...(
        await listEndedPassesPage({
          db: there,
          userId: member.userId,
          household: await readHousehold(there, member.userId),
          now: NOW,
          limit: 25,
        })
      ).items,
    ].map((entitlement) => entitlement.id);
    expect(theirs).toEqual(foreign.slice(2));
  });
});
