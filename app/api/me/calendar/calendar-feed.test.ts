import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY, grant, HOUR } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;

beforeEach(async () => {
  tenant = await createTenant({ name: "Studio Sol" });
  attendee = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, attendee.userId);
});

async function feedUrl(member: TestMember = attendee): Promise<string> {
  const response = await api("GET", "/me/calendar", { token: member.token });
  expect(response.status, response.text).toBe(200);
  return (response.body as { url: string }).url;
}

/** GET of a feed URL as a calendar app does: no credentials. */
const fetchFeed = (url: string) => api("GET", new URL(url).pathname.replace(/^\/api/, ""));

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

/** The VEVENT of a booking in a feed, unfolded, or undefined. */
function eventOf(feed: string, bookingId: string): string | undefined {
  const unfolded = feed.replace(/\r\n /g, "");
  return unfolded.split("BEGIN:VEVENT").find((block) => block.includes(`UID:booking-${bookingId}@localhost`));
}

describe("GET /me/calendar", () => {
  it("answers one absolute URL on APP_URL, the same on every call, whose token is stored only as a hash", async () => {
    const url = await feedUrl();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl()).toBe(url);
    const token = /\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    const rows = await db.calendarFeed.findMany({ where: { userId: attendee.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("gives each member of each studio their own URL, and asks for a signed-in member", async () => {
    const other = await createMember(tenant.accountId, "attendee");
    expect(await feedUrl(other)).not.toBe(await feedUrl());
    expect((await api("GET", "/me/calendar")).status).toBe(401);
    expect((await api("DELETE", "/me/calendar")).status).toBe(401);
  });
});

describe("the feed", () => {
  it("holds my confirmed, waitlisted and cancelled bookings of this studio as a calendar app reads them", async () => {
    await db.user.update({ where: { id: attendee.userId }, data: { locale: "en" } }); // the studio is Danish
    const now = Date.now();
    const yoga = await createClass(tenant.accountId, { title: "Yin Yoga", startsAt: new Date(now + 2 * DAY) });
    const full = await createClass(tenant.accountId, { title: "Full Flow", startsAt: new Date(now + 3 * DAY), capacity: 0 });
    const dropped = await createClass(tenant.accountId, { title: "Dropped", startsAt: new Date(now + 4 * DAY) });
    const confirmed = await book(attendee, yoga.id);
    const waiting = await book(attendee, full.id, { waitlist: true });
    const cancelled = await book(attendee, dropped.id);
    expect((await api("DELETE", `/bookings/${cancelled.id}`, { token: attendee.token })).status).toBe(200);
    const someoneElse = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, someoneElse.userId);
    const theirs = await book(someoneElse, yoga.id);

    const response = await fetchFeed(await feedUrl());

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const feed = response.text;
    expect(feed.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(feed).toContain("X-WR-CALNAME:Studio Sol: my bookings");
    expect(eventOf(feed, confirmed.id)).toMatch(/STATUS:CONFIRMED/);
    expect(eventOf(feed, confirmed.id)).toContain("SUMMARY:Yin Yoga");
    expect(eventOf(feed, confirmed.id)).toContain(`DTSTART:${ics(yoga.startsAt)}`);
    expect(eventOf(feed, waiting.id)).toMatch(/STATUS:TENTATIVE/);
    expect(eventOf(feed, waiting.id)).toContain("SUMMARY:On the waitlist: Full Flow");
    expect(eventOf(feed, cancelled.id)).toMatch(/STATUS:CANCELLED/);
    expect(eventOf(feed, theirs.id)).toBeUndefined();
  });

  it("follows a moved class to its new time and drops cancellations older than 30 days", async () => {
    const now = Date.now();
    const lesson = await createClass(tenant.accountId, { title: "Hatha", startsAt: new Date(now + 2 * DAY) });
    const booking = await book(attendee, lesson.id);
    const url = await feedUrl();
    const later = new Date(lesson.startsAt.getTime() + 2 * HOUR);
    const moved = await api("PATCH", `/instances/${lesson.id}`, {
      token: tenant.admin.token,
      body: { action: "move", startsAt: later.toISOString() },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(eventOf((await fetchFeed(url)).text, booking.id)).toContain(`DTSTART:${ics(later)}`);

    const old = await createClass(tenant.accountId, { title: "Old news", startsAt: new Date(now + 5 * DAY) });
    const gone = await book(attendee, old.id);
    await db.booking.update({ where: { id: gone.id }, data: { status: "cancelled", cancelledAt: new Date(now - 31 * DAY) } });
    expect(eventOf((await fetchFeed(url)).text, gone.id)).toBeUndefined();
  });

  it("is in the member's language, else the studio's", async () => {
    await db.user.update({ where: { id: attendee.userId }, data: { locale: "da" } });
    const full = await createClass(tenant.accountId, { title: "Fuld", startsAt: new Date(Date.now() + 2 * DAY), capacity: 0 });
    const waiting = await book(attendee, full.id, { waitlist: true });
    const feed = (await fetchFeed(await feedUrl())).text;
    expect(feed).toContain("X-WR-CALNAME:Studio Sol: mine bookinger");
    expect(eventOf(feed, waiting.id)).toContain("SUMMARY:På venteliste: Fuld");
  });

  it("holds none of my bookings of another studio", async () => {
    const elsewhere = await createTenant();
    await db.membership.create({ data: { accountId: elsewhere.accountId, userId: attendee.userId, persona: "attendee" } });
    const theirClass = await createClass(elsewhere.accountId, { title: "Elsewhere", startsAt: new Date(Date.now() + DAY) });
    await db.booking.create({
      data: { accountId: elsewhere.accountId, instanceId: theirClass.id, attendeeId: attendee.userId, status: "confirmed" },
    });
    expect((await fetchFeed(await feedUrl())).text).not.toContain("Elsewhere");
  });
});

describe("DELETE /me/calendar", () => {
  it("revokes the URL (404 from then on); the next GET makes a new one", async () => {
    const url = await feedUrl();
    expect((await api("DELETE", "/me/calendar", { token: attendee.token })).status).toBe(204);
    const revoked = await fetchFeed(url);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ error: "Resource not found" });
    const renewed = await feedUrl();
    expect(renewed).not.toBe(url);
    expect((await fetchFeed(renewed)).status).toBe(200);
    expect((await api("DELETE", "/me/calendar", { token: attendee.token })).status).toBe(204);
    expect((await api("DELETE", "/me/calendar", { token: attendee.token })).status).toBe(204); // none: still 204
  });

  it("a URL stops answering when its member leaves the studio, and a made-up one never answers", async () => {
    const url = await feedUrl();
    await db.membership.delete({ where: { accountId_userId: { accountId: tenant.accountId, userId: attendee.userId } } });
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await api("GET", "/calendar/not-a-token.ics")).status).toBe(404);
    expect((await api("GET", "/calendar/feed.txt")).status).toBe(404);
  });
});

/** A time as an iCalendar UTC DATE-TIME. */
function ics(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
