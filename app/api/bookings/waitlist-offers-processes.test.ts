// Lapsed waitlist offers swept by two app processes (tests/helpers/app-server.ts, each running the
// jobs module's periodic work, as every serving process does) on PostgreSQL (decision 0039): each
// lapsed offer leaves the waitlist once and its place is offered to the next in line exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { DAY, createClass, grant } from "./booking-test-data";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl) {
  console.log("[waitlist-offers-processes] skipped: needs PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

const CLASSES = 6;
const IN_LINE = 3; // the one whose offer lapsed, the next, the one after

describe.skipIf(!databaseUrl)("lapsed waitlist offers swept by two app processes on PostgreSQL", () => {
  let servers: AppServer[] = [];
  let tenant: TestTenant;
  const lines: { instanceId: string; bookingIds: string[] }[] = [];

  beforeAll(async () => {
    startBackgroundWork();
    await holdJobs(); // only the two app processes sweep
    const now = Date.now();
    tenant = await createTenant();
    await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode: "offer" } });
    const members = await createAttendeesInBulk(tenant.accountId, IN_LINE, "offers");
    for (const member of members) await grant(tenant.accountId, member.userId);
    for (let index = 0; index < CLASSES; index++) {
      const lesson = await createClass(tenant.accountId, { capacity: 1, startsAt: new Date(now + 2 * DAY + index) });
      const bookingIds: string[] = [];
      for (const [position, member] of members.entries()) {
        const booking = await db.booking.create({
          data: {
            accountId: tenant.accountId,
            instanceId: lesson.id,
            attendeeId: member.userId,
            status: "waitlisted",
            createdAt: new Date(now - (IN_LINE - position) * 1000),
            // the first in line was offered the class's one place an hour ago; the offer lapsed a minute ago
            offerExpiresAt: position === 0 ? new Date(now - 60_000) : null,
          },
        });
        bookingIds.push(booking.id);
      }
      await db.instance.update({ where: { id: lesson.id }, data: { bookedCount: 1, waitlistCount: IN_LINE } });
      lines.push({ instanceId: lesson.id, bookingIds });
    }
    servers = await startAppServers(2, databaseUrl!); // each sweeps as it starts
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("pass each lapsed offer to the next in line once, the place still counted once", async () => {
    const lapsedIds = lines.map((line) => line.bookingIds[0]!);
    await expect
      .poll(() => db.booking.count({ where: { id: { in: lapsedIds }, status: "cancelled" } }), {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(CLASSES);
    for (const { instanceId, bookingIds } of lines) {
      const [lapsed, next, after] = await Promise.all(
        bookingIds.map((id) => db.booking.findUniqueOrThrow({ where: { id } })),
      );
      expect(lapsed).toMatchObject({ status: "cancelled", offerExpiresAt: null });
      expect(next!.status).toBe("waitlisted");
      expect(next!.offerExpiresAt!.getTime()).toBeGreaterThan(Date.now()); // the new offer, still open
      expect(after).toMatchObject({ status: "waitlisted", offerExpiresAt: null });
      const instance = await db.instance.findUniqueOrThrow({ where: { id: instanceId } });
      expect(instance).toMatchObject({ bookedCount: 1, waitlistCount: IN_LINE - 1 });
    }
  });
});
