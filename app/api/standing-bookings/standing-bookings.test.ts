// Standing places (issue 32 §3, decision 0035) through the handlers: the six endpoints and their
// statuses, and the sweep that books each class of the series as its booking window opens. Times
// derive from one `now` taken at the start of each test; the sweep is run with an injected clock.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { studioDate } from "@/lib/studio-time/studio-date";
import { sweepStandingBookings, STANDING_LEAD_MS } from "@/lib/bookings/sweep-standing-bookings";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { DAY, HOUR, countersOf, grant } from "@/app/api/bookings/booking-test-data";

const WEEK = 7 * DAY;
const OPENS_DAYS_BEFORE = 7;

let tenant: TestTenant;
let member: TestMember;
let now: Date;
let series: { id: string; eventId: string; classes: { id: string; startsAt: Date; opensAt: Date }[] };

/** A weekly series of `count` classes, the first `firstIn` ms after `now`, of a published event. */
async function weeklySeries(accountId: string, options: { firstIn?: number; count?: number; capacity?: number; eventStatus?: string } = {}) {
  const capacity = options.capacity ?? 10;
  const event = await db.event.create({
    data: { accountId, title: "Vinyasa Flow", durationMinutes: 60, capacity, status: options.eventStatus ?? "published" },
  });
  const made = await db.series.create({
    data: {
      accountId,
      eventId: event.id,
      frequency: "weekly",
      weekdays: [2],
      localStartTime: "18:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: new Date(now.getTime()),
      count: options.count ?? 4,
      capacity,
    },
  });
  const classes = [];
  for (let k = 0; k < (options.count ?? 4); k++) {
    const startsAt = new Date(now.getTime() + (options.firstIn ?? 2 * DAY) + k * WEEK);
    const instance = await db.instance.create({
      data: { accountId, eventId: event.id, seriesId: made.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR), capacity },
    });
    classes.push({ id: instance.id, startsAt, opensAt: new Date(startsAt.getTime() - OPENS_DAYS_BEFORE * DAY) });
  }
  return { id: made.id, eventId: event.id, classes };
}

async function setStandingPolicy(accountId: string, standingBookings: boolean) {
  await db.account.update({ where: { id: accountId }, data: { standingBookings, opensDaysBefore: OPENS_DAYS_BEFORE } });
}

async function keepPlace(who: TestMember, seriesId = series.id) {
  const response = await api("POST", "/me/standing-bookings", { token: who.token, body: { seriesId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string };
}

/** The member's live booking in a class (confirmed or waitlisted), if any. */
async function liveBooking(who: TestMember, instanceId: string) {
  const live = await db.booking.findMany({
    where: { attendeeId: who.userId, instanceId, status: { in: ["confirmed", "waitlisted"] } },
  });
  expect(live.length).toBeLessThanOrEqual(1);
  return live[0] ?? null;
}

/** Statements of other connections waiting for a lock (PostgreSQL); the statistics snapshot is dropped first. */
async function lockWaiters(client: pg.Client): Promise<number> {
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return Number(rows[0]!.count);
}

const sweepAt = (at: Date) => sweepStandingBookings({ now: at });
/** A moment inside the lead before class `k`'s window opens: the sweep books it then, as of the opening. */
const justBeforeOpening = (k: number) => new Date(series.classes[k]!.opensAt.getTime() - STANDING_LEAD_MS / 2);

beforeEach(async () => {
  // the sweep serves every studio of the database: the earlier tests' places would be counted too
  await db.standingBooking.updateMany({ where: { status: "active" }, data: { status: "stopped" } });
  now = new Date();
  tenant = await createTenant({ name: "Studio Sol" });
  await setStandingPolicy(tenant.accountId, true);
  member = await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm" });
  series = await weeklySeries(tenant.accountId);
});

describe("the standing places endpoints", () => {
  it("POST /me/standing-bookings answers 201 with the standing place, 200 with it again, and lists it", async () => {
    await grant(tenant.accountId, member.userId);
    const response = await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: series.id } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      userId: member.userId,
      seriesId: series.id,
      status: "active",
      createdAt: expect.any(String),
    });
    const again = await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: series.id } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(response.body.id);

    const mine = await api("GET", "/me/standing-bookings", { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([response.body]);
    const theirs = await api("GET", `/users/${member.userId}/standing-bookings`, { token: tenant.admin.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([response.body]);
  });

  it("answers 409 Standing bookings are off while the policy is false, and GET/PATCH /account carry the switch", async () => {
    await setStandingPolicy(tenant.accountId, false);
    const refused = await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: series.id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Standing bookings are off" });
    const byAdmin = await api("POST", `/users/${member.userId}/standing-bookings`, {
      token: tenant.admin.token,
      body: { seriesId: series.id },
    });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body).toEqual({ error: "Standing bookings are off" });

    const account = await api("GET", "/account", { token: tenant.admin.token });
    expect(account.body.bookingPolicy.standingBookings).toBe(false);
    const patched = await api("PATCH", "/account", {
      token: tenant.admin.token,
      body: { bookingPolicy: { standingBookings: true } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.bookingPolicy).toMatchObject({ standingBookings: true, opensDaysBefore: OPENS_DAYS_BEFORE });
    expect((await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: series.id } })).status).toBe(201);
  });

  it("answers 404 for a series of another studio or one the person may not see, 400 without a series", async () => {
    const other = await createTenant();
    await setStandingPolicy(other.accountId, true);
    const theirs = await weeklySeries(other.accountId);
    const foreign = await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: theirs.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "Resource not found" });

    const draft = await weeklySeries(tenant.accountId, { eventStatus: "draft" });
    const hidden = await api("POST", "/me/standing-bookings", { token: member.token, body: { seriesId: draft.id } });
    expect(hidden.status).toBe(404);
    // the studio's administrator may place a member in any series of the studio
    const placed = await api("POST", `/users/${member.userId}/standing-bookings`, {
      token: tenant.admin.token,
      body: { seriesId: draft.id },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ userId: member.userId, seriesId: draft.id, status: "active" });
    const byAdminForeign = await api("POST", `/users/${member.userId}/standing-bookings`, {
      token: tenant.admin.token,
      body: { seriesId: theirs.id },
    });
    expect(byAdminForeign.status).toBe(404);
    const stranger = await createMember(other.accountId, "attendee");
    const notMember = await api("POST", `/users/${stranger.userId}/standing-bookings`, {
      token: tenant.admin.token,
      body: { seriesId: series.id },
    });
    expect(notMember.status).toBe(404);

    const empty = await api("POST", "/me/standing-bookings", { token: member.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it("DELETE answers 200 with status stopped, 404 for anyone else's; the administrators' twins need an administrator", async () => {
    expect((await api("GET", "/me/standing-bookings")).status).toBe(401);
    const place = await keepPlace(member);
    const someone = await createMember(tenant.accountId, "attendee");
    expect((await api("DELETE", `/me/standing-bookings/${place.id}`, { token: someone.token })).status).toBe(404);
    expect((await api("GET", `/users/${member.userId}/standing-bookings`, { token: someone.token })).status).toBe(403);
    expect((await api("DELETE", `/standing-bookings/${place.id}`, { token: someone.token })).status).toBe(403);
    const other = await createTenant();
    expect((await api("DELETE", `/standing-bookings/${place.id}`, { token: other.admin.token })).status).toBe(404);

    const stopped = await api("DELETE", `/me/standing-bookings/${place.id}`, { token: member.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ id: place.id, status: "stopped" });

    const second = await keepPlace(member); // a new active one may be made after stopping
    const byAdmin = await api("DELETE", `/standing-bookings/${second.id}`, { token: tenant.admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ id: second.id, userId: member.userId, status: "stopped" });
    const listed = await api("GET", "/me/standing-bookings", { token: member.token });
    expect(listed.body.map((s: { status: string }) => s.status)).toEqual(["stopped", "stopped"]);
  });
});

describe("the sweep", () => {
  it("books the open class at once, each later class as its window opens, once, with the pass that expires first", async () => {
    const later = await grant(tenant.accountId, member.userId, { validUntil: new Date(now.getTime() + 60 * DAY) });
    const sooner = await grant(tenant.accountId, member.userId, { validUntil: new Date(now.getTime() + 30 * DAY) });
    await keepPlace(member);

    const first = await liveBooking(member, series.classes[0]!.id);
    expect(first).toMatchObject({ status: "confirmed", entitlementId: sooner.id });
    expect(await liveBooking(member, series.classes[1]!.id)).toBeNull(); // its window is not open yet

    expect(await sweepAt(new Date(series.classes[1]!.opensAt.getTime() - 2 * STANDING_LEAD_MS))).toBe(0);
    expect(await sweepAt(justBeforeOpening(1))).toBe(1); // before others may book it
    expect(await sweepAt(justBeforeOpening(1))).toBe(0);
    expect(await sweepAt(series.classes[1]!.opensAt)).toBe(0);
    expect(await liveBooking(member, series.classes[1]!.id)).toMatchObject({ status: "confirmed", entitlementId: sooner.id });
    expect(await liveBooking(member, series.classes[2]!.id)).toBeNull();
    expect(later.id).not.toBe(sooner.id);

    const mine = await api("GET", "/me/bookings", { token: member.token });
    expect(
      mine.body
        .filter((item: { booking: { status: string } }) => item.booking.status === "confirmed")
        .map((item: { instance: { id: string } }) => item.instance.id),
    ).toEqual([series.classes[0]!.id, series.classes[1]!.id]);
    await waitForEmails(member.email, 2); // a confirmation of each, as any booking
  });

  it("puts the member on the waitlist of a full class, in the order the standing places were made", async () => {
    const full = await weeklySeries(tenant.accountId, { capacity: 1, firstIn: 10 * DAY, count: 1 });
    const second = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, member.userId);
    await grant(tenant.accountId, second.userId);
    await keepPlace(member, full.id);
    await keepPlace(second, full.id);

    expect(await sweepAt(new Date(full.classes[0]!.opensAt.getTime() - STANDING_LEAD_MS / 2))).toBe(2);
    expect(await liveBooking(member, full.classes[0]!.id)).toMatchObject({ status: "confirmed" });
    expect(await liveBooking(second, full.classes[0]!.id)).toMatchObject({ status: "waitlisted" });
    expect(await countersOf(full.classes[0]!.id)).toMatchObject({ bookedCount: 1, confirmed: 1, waitlistCount: 1 });
  });

  it("skips a class it cannot book for lack of a pass and emails the member once, in their language", async () => {
    await db.user.update({ where: { id: member.userId }, data: { locale: "en" } });
    await keepPlace(member);
    await sweepAt(justBeforeOpening(1));
    expect(await liveBooking(member, series.classes[0]!.id)).toBeNull();
    expect(await liveBooking(member, series.classes[1]!.id)).toBeNull();

    const [notice] = await waitForEmails(member.email, 1);
    expect(notice!.subject).toBe("Buy a pass to keep your place in Vinyasa Flow");
    expect(notice!.text).toContain(`/${tenant.slug}/passes`);
    await sweepAt(justBeforeOpening(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readOutbox().filter((email) => email.to === member.email)).toHaveLength(1);

    // with a pass the next class is booked, and the standing place still holds
    await grant(tenant.accountId, member.userId);
    expect(await sweepAt(justBeforeOpening(2))).toBe(1);
    expect(await liveBooking(member, series.classes[2]!.id)).toMatchObject({ status: "confirmed" });
    expect(await liveBooking(member, series.classes[1]!.id)).toBeNull(); // a skipped class stays skipped
  });

  it("skips the classes on the days the member's membership is paused, without a notice; books them once it resumes", async () => {
    const pass = await grant(tenant.accountId, member.userId);
    await keepPlace(member);
    const day = (at: Date) => studioDate(at, "Europe/Copenhagen");
    const from = day(series.classes[1]!.startsAt);
    const until = day(new Date(series.classes[1]!.startsAt.getTime() + DAY));
    const paused = await api("POST", `/entitlements/${pass.id}/pause`, { token: tenant.admin.token, body: { from, until } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);

    expect(await sweepAt(justBeforeOpening(1))).toBe(0);
    expect(await liveBooking(member, series.classes[1]!.id)).toBeNull();
    expect(await sweepAt(justBeforeOpening(2))).toBe(1); // the week after the pause
    expect(await liveBooking(member, series.classes[2]!.id)).toMatchObject({ status: "confirmed" });
    expect(readOutbox().filter((email) => email.to === member.email && /pass|klippekort/i.test(email.subject))).toEqual([]);

    expect((await api("POST", `/entitlements/${pass.id}/resume`, { token: tenant.admin.token })).status).toBe(200);
    expect(await sweepAt(justBeforeOpening(2))).toBe(1);
    expect(await liveBooking(member, series.classes[1]!.id)).toMatchObject({ status: "confirmed" });
  });

  it("keeps the standing place when the member cancels one class, and does not book that class again", async () => {
    await grant(tenant.accountId, member.userId);
    const place = await keepPlace(member);
    const first = await liveBooking(member, series.classes[0]!.id);
    const cancelled = await api("DELETE", `/bookings/${first!.id}`, { token: member.token });
    expect(cancelled.status).toBe(200);

    expect(await sweepAt(now)).toBe(0);
    expect(await liveBooking(member, series.classes[0]!.id)).toBeNull();
    expect(await sweepAt(justBeforeOpening(1))).toBe(1);
    expect(await liveBooking(member, series.classes[1]!.id)).toMatchObject({ status: "confirmed" });
    const listed = await api("GET", "/me/standing-bookings", { token: member.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: place.id, status: "active" })]);
  });

  it("books nothing for a stopped place, keeping the bookings it made; nothing while the policy is off", async () => {
    await grant(tenant.accountId, member.userId);
    const place = await keepPlace(member);
    expect((await api("DELETE", `/me/standing-bookings/${place.id}`, { token: member.token })).status).toBe(200);
    expect(await sweepAt(justBeforeOpening(1))).toBe(0);
    expect(await liveBooking(member, series.classes[1]!.id)).toBeNull();
    expect(await liveBooking(member, series.classes[0]!.id)).toMatchObject({ status: "confirmed" });

    const second = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, second.userId);
    await api("POST", `/users/${second.userId}/standing-bookings`, { token: tenant.admin.token, body: { seriesId: series.id } });
    await setStandingPolicy(tenant.accountId, false);
    expect(await sweepAt(justBeforeOpening(1))).toBe(0);
    expect(await liveBooking(second, series.classes[1]!.id)).toBeNull();
    await setStandingPolicy(tenant.accountId, true);
    expect(await sweepAt(justBeforeOpening(1))).toBe(1);
    expect(await liveBooking(second, series.classes[1]!.id)).toMatchObject({ status: "confirmed" });
  });

  it("ends with the membership: a removed member's standing places go", async () => {
    await grant(tenant.accountId, member.userId);
    await keepPlace(member);
    expect((await api("DELETE", `/memberships/${member.userId}`, { token: tenant.admin.token })).status).toBe(204);
    expect(await db.standingBooking.count({ where: { userId: member.userId } })).toBe(0);
    expect(await sweepAt(justBeforeOpening(1))).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_FILE_URL)(
    "on PostgreSQL, a studio deleted mid-sweep (a demo reset) is nothing to book, not a warning",
    async () => {
      await grant(tenant.accountId, member.userId);
      await db.standingBooking.create({ data: { accountId: tenant.accountId, userId: member.userId, seriesId: series.id } });
      const deleter = new pg.Client({ connectionString: process.env.TEST_DATABASE_FILE_URL });
      await deleter.connect();
      try {
        await deleter.query("BEGIN");
        await deleter.query(`DELETE FROM "Account" WHERE id = $1`, [tenant.accountId]);
        const swept = sweepAt(now); // its claim waits for the deleted rows, then finds them gone
        await expect.poll(() => lockWaiters(deleter), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
        await deleter.query("COMMIT");
        expect(await swept).toBe(0);
      } finally {
        await deleter.end();
      }
    },
  );

  it("two sweeps at once book each class once", async () => {
    const members = [member, ...(await Promise.all([1, 2, 3].map(() => createMember(tenant.accountId, "attendee"))))];
    for (const who of members) {
      await grant(tenant.accountId, who.userId);
      await db.standingBooking.create({ data: { accountId: tenant.accountId, userId: who.userId, seriesId: series.id } });
    }
    const at = justBeforeOpening(1);
    const [a, b] = await Promise.all([sweepAt(at), sweepAt(at)]);
    // classes 0 and 1 of each (class 0 may meet this process's own background sweep too)
    expect(a + b).toBeGreaterThanOrEqual(members.length);
    for (const who of members)
      for (const lesson of series.classes.slice(0, 2))
        expect(await liveBooking(who, lesson.id)).toMatchObject({ status: "confirmed" });
    expect(await countersOf(series.classes[1]!.id)).toMatchObject({ bookedCount: members.length, confirmed: members.length });
  });
});
