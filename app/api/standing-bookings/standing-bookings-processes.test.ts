// Two app processes (tests/helpers/app-server.ts, each running the jobs module's periodic work, as
// every serving process does) sweeping the same standing places on PostgreSQL: each class is booked
// once for each standing place, never over capacity, the places made first getting the seats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { DAY, HOUR, grant } from "@/app/api/bookings/booking-test-data";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[standing-bookings-processes] skipped: needs PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

const MEMBERS = 24;
const CAPACITY = 10;

describe.skipIf(!databaseUrl)("standing places swept by two app processes on PostgreSQL", () => {
  let servers: AppServer[] = [];
  let tenant: TestTenant;
  const classIds: string[] = [];
  const placeOwners: string[] = []; // in the order the places were made

  beforeAll(async () => {
    startBackgroundWork();
    await holdJobs(); // only the two app processes sweep
    const now = Date.now();
    tenant = await createTenant();
    await db.account.update({ where: { id: tenant.accountId }, data: { standingBookings: true, opensDaysBefore: 7 } });
    const event = await db.event.create({
      data: { accountId: tenant.accountId, title: "Hatha", durationMinutes: 60, capacity: CAPACITY, status: "published" },
    });
    const series = await db.series.create({
      data: {
        accountId: tenant.accountId,
        eventId: event.id,
        frequency: "weekly",
        weekdays: [3],
        localStartTime: "07:00",
        durationMinutes: 60,
        timezone: "Europe/Copenhagen",
        startsOn: new Date(now),
        count: 3,
        capacity: CAPACITY,
      },
    });
    // two classes open now (in 1 and 6 days), one not yet (in 13 days)
    for (const startsIn of [1 * DAY, 6 * DAY, 13 * DAY]) {
      const startsAt = new Date(now + startsIn);
      const instance = await db.instance.create({
        data: {
          accountId: tenant.accountId,
          eventId: event.id,
          seriesId: series.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          capacity: CAPACITY,
        },
      });
      classIds.push(instance.id);
    }
    const members = await createAttendeesInBulk(tenant.accountId, MEMBERS, "standing");
    for (const [index, member] of members.entries()) {
      await grant(tenant.accountId, member.userId);
      await db.standingBooking.create({
        data: {
          accountId: tenant.accountId,
          userId: member.userId,
          seriesId: series.id,
          createdAt: new Date(now - (MEMBERS - index) * 1000),
        },
      });
      placeOwners.push(member.userId);
    }
    servers = await startAppServers(2, databaseUrl!); // each sweeps as it starts
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("book each open class once per standing place, the first places made confirmed, the rest waitlisted", async () => {
    const open = classIds.slice(0, 2);
    await expect
      .poll(() => db.standingBookingClass.count({ where: { instanceId: { in: open } } }), { timeout: 60_000, interval: 200 })
      .toBe(2 * MEMBERS);
    for (const instanceId of open) {
      const bookings = await db.booking.findMany({ where: { instanceId }, orderBy: { createdAt: "asc" } });
      expect(bookings).toHaveLength(MEMBERS); // one each
      expect(new Set(bookings.map((booking) => booking.attendeeId)).size).toBe(MEMBERS);
      const confirmed = bookings.filter((booking) => booking.status === "confirmed").map((booking) => booking.attendeeId);
      expect(confirmed.sort()).toEqual(placeOwners.slice(0, CAPACITY).sort());
      const instance = await db.instance.findUniqueOrThrow({ where: { id: instanceId } });
      expect(instance).toMatchObject({ bookedCount: CAPACITY, waitlistCount: MEMBERS - CAPACITY });
    }
    expect(await db.booking.count({ where: { instanceId: classIds[2]! } })).toBe(0); // its window is not open
  });
});
