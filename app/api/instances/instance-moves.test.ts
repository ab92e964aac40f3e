// Moving a class (issue 30): no move into the past or of a started class; everyone booked or
// waitlisted is emailed the old and new time and place, in their language, with an .ics that
// updates the event their confirmation put in their calendar; the personal feed follows; the
// waitlist fills when the new time lets someone in.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { formatFullDateTime } from "@/lib/format/dates";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails, type OutboxEmail } from "@/tests/helpers/outbox";
import { createClass, DAY, grant, HOUR } from "@/app/api/bookings/booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant({ name: "Studio Sol" });
});

const patch = (instanceId: string, body: Record<string, unknown>, token = tenant.admin.token) =>
  api("PATCH", `/instances/${instanceId}`, { token, body });

async function attendee(locale?: "en") {
  const member = await createMember(tenant.accountId, "attendee");
  if (locale) await db.user.update({ where: { id: member.userId }, data: { locale } });
  await grant(tenant.accountId, member.userId);
  return member;
}

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; status: string };
}

/** The unfolded VEVENT of a calendar file. */
const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const icsOf = (email: OutboxEmail) =>
  unfold(email.attachments!.find((file) => file.filename.endsWith(".ics"))!.content);
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
const whenInStudio = (date: Date, locale = "da-DK") => formatFullDateTime(date, { locale, zone: "Europe/Copenhagen" });

describe("PATCH /instances/{instanceId} move: refusals", () => {
  it("answers 409 for a start that is not in the future, and changes nothing", async () => {
    const lesson = await createClass(tenant.accountId);
    for (const startsAt of [new Date(Date.now() - DAY), new Date(Date.now() - 60_000)]) {
      expect(await patch(lesson.id, { action: "move", startsAt: startsAt.toISOString() })).toMatchObject({
        status: 409,
        body: { error: "Instance cannot start in the past" },
      });
    }
    const stored = await db.instance.findUniqueOrThrow({ where: { id: lesson.id } });
    expect(stored).toMatchObject({ status: "scheduled", startsAt: lesson.startsAt, calendarSequence: 0 });
    expect(await db.instanceException.count({ where: { instanceId: lesson.id } })).toBe(0);
  });

  it("answers 409 for a class that has already started, even to a future time", async () => {
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - 10 * 60_000) });
    const response = await patch(started.id, { action: "move", startsAt: new Date(Date.now() + DAY).toISOString() });
    expect(response).toMatchObject({ status: 409, body: { error: "Instance cannot start in the past" } });
  });

  it("answers 404 for another studio's class", async () => {
    const other = await createTenant();
    const theirs = await createClass(other.accountId);
    const response = await patch(theirs.id, { action: "move", startsAt: new Date(Date.now() + 3 * DAY).toISOString() });
    expect(response.status).toBe(404);
  });
});

describe("PATCH /instances/{instanceId} move: the people booked are told", () => {
  it("emails the confirmed and the waitlisted in their language with an .ics that updates their event", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Morgenyoga", location: "Sal 1" });
    const dane = await attendee();
    const english = await attendee("en");
    const booked = await book(dane, lesson.id);
    const waiting = await book(english, lesson.id, { waitlist: true });
    expect(waiting.status).toBe("waitlisted");
    const [confirmation] = await waitForEmails(dane.email);
    expect(icsOf(confirmation!)).toContain("SEQUENCE:0");

    const newStart = new Date(lesson.startsAt.getTime() + DAY + 2 * HOUR);
    const response = await patch(lesson.id, { action: "move", startsAt: newStart.toISOString() });
    expect(response).toMatchObject({ status: 200, body: { status: "moved", startsAt: newStart.toISOString() } });

    const moved = (await waitForEmails(dane.email, 2))[1]!;
    expect(moved.locale).toBe("da");
    expect(moved.subject).toBe(`Holdet er flyttet: Morgenyoga, nu ${whenInStudio(newStart)}`);
    expect(moved.text).toContain(whenInStudio(lesson.startsAt)); // the old time
    expect(moved.text).toContain(whenInStudio(newStart)); // the new time
    expect(moved.text).toContain("Sal 1");
    const ics = icsOf(moved);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:booking-${booked.id}@localhost`);
    expect(icsOf(confirmation!)).toContain(`UID:booking-${booked.id}@localhost`);
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`DTSTART:${utc(newStart)}`);
    expect(moved.attachments![0]!.contentType).toContain("method=REQUEST");

    const [english1] = await waitForEmails(english.email);
    expect(english1!.locale).toBe("en");
    expect(english1!.subject).toBe(`Class moved: Morgenyoga, now ${whenInStudio(newStart)}`);
    expect(english1!.text).toContain("still on the waitlist");
    expect(icsOf(english1!)).toContain(`UID:booking-${waiting.id}@localhost`);
    expect(icsOf(english1!)).toContain("STATUS:TENTATIVE");
  });

  it("raises the SEQUENCE with every move, and the personal feed shows the new time under the same UID", async () => {
    const lesson = await createClass(tenant.accountId);
    const member = await attendee();
    const booking = await book(member, lesson.id);
    const first = new Date(lesson.startsAt.getTime() + DAY);
    const second = new Date(lesson.startsAt.getTime() + 2 * DAY);
    expect((await patch(lesson.id, { action: "move", startsAt: first.toISOString() })).status).toBe(200);
    expect((await patch(lesson.id, { action: "move", startsAt: second.toISOString() })).status).toBe(200);

    const emails = await waitForEmails(member.email, 3);
    expect(icsOf(emails[2]!)).toContain("SEQUENCE:2");
    expect(emails[2]!.text).toContain(whenInStudio(first)); // "it was to be" the time before this move

    const { url } = (await api("GET", "/me/calendar", { token: member.token })).body as { url: string };
    const feed = unfold((await api("GET", new URL(url).pathname.replace(/^\/api/, ""))).text);
    const event = feed.split("BEGIN:VEVENT").find((block) => block.includes(`UID:booking-${booking.id}@localhost`))!;
    expect(event).toContain(`DTSTART:${utc(second)}`);
    expect(event).toContain("SEQUENCE:2");
  });

  it("tells nobody about a class without bookings, and not those who cancelled", async () => {
    const lesson = await createClass(tenant.accountId);
    const member = await attendee();
    const gone = await book(member, lesson.id);
    // the confirmation out first: one still waiting when its booking is cancelled is not sent at all
    await waitForEmails(member.email);
    expect((await api("DELETE", `/bookings/${gone.id}`, { token: member.token })).status).toBe(200);
    await waitForEmails(member.email, 2); // confirmed, cancelled
    const to = new Date(lesson.startsAt.getTime() + DAY).toISOString();
    expect((await patch(lesson.id, { action: "move", startsAt: to })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readOutbox().filter((email) => email.to === member.email)).toHaveLength(2);
  });

  it("a new place given to the event is a move for its booked classes that have not started", async () => {
    const lesson = await createClass(tenant.accountId, { title: "Pilates", location: "Sal 1" });
    const member = await attendee("en");
    await book(member, lesson.id);
    await waitForEmails(member.email);
    const response = await api("PATCH", `/events/${lesson.eventId}`, {
      token: tenant.admin.token,
      body: { location: "Sal 2" },
    });
    expect(response.status, response.text).toBe(200);
    const moved = (await waitForEmails(member.email, 2))[1]!;
    expect(moved.subject).toMatch(/^Class moved: Pilates/);
    expect(moved.text).toContain("The place was: Sal 1.");
    expect(moved.text).toContain("Sal 2");
    expect(icsOf(moved)).toContain("LOCATION:Sal 2");
    expect(icsOf(moved)).toContain("SEQUENCE:1");
  });

  it("fills the waitlist when the new time lets a waitlisted person's pass cover the class", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const first = await attendee();
    await book(first, lesson.id);
    const waiter = await createMember(tenant.accountId, "attendee");
    // A pass that ends before the class: she joined the waitlist with it when the class was earlier.
    const pass = await grant(tenant.accountId, waiter.userId, {
      validUntil: new Date(lesson.startsAt.getTime() + 3 * DAY),
    });
    const waiting = await book(waiter, lesson.id, { waitlist: true });
    await db.entitlement.update({
      where: { id: pass.id },
      data: { validUntil: new Date(lesson.startsAt.getTime() - HOUR) },
    });
    await grant(tenant.accountId, waiter.userId, { validFrom: new Date(lesson.startsAt.getTime() + 12 * HOUR) });
    await db.instance.update({ where: { id: lesson.id }, data: { capacity: 2 } }); // a place, but no pass at the old time

    const to = new Date(lesson.startsAt.getTime() + DAY);
    const response = await patch(lesson.id, { action: "move", startsAt: to.toISOString() });
    expect(response).toMatchObject({ status: 200, body: { bookedCount: 2, waitlistCount: 0 } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("confirmed");
    const [promoted] = await waitForEmails(waiter.email);
    expect(promoted!.subject).toMatch(/^Du har fået en plads: /);
  });

  it("a series given a new time moves its booked classes, and a restore tells the people of the time it returns to", async () => {
    const event = await api("POST", "/events", {
      token: tenant.admin.token,
      body: { title: "Hatha", location: "Sal 1", durationMinutes: 60, capacity: 5 },
    });
    expect(event.status, event.text).toBe(201);
    const startsOn = DateTime.now().setZone("Europe/Copenhagen").plus({ days: 3 }).toISODate()!;
    const created = await api("POST", `/events/${(event.body as { id: string }).id}/series`, {
      token: tenant.admin.token,
      body: { frequency: "daily", localStartTime: "18:00", startsOn, count: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const { series, instances } = created.body as { series: { id: string }; instances: { id: string }[] };
    const member = await attendee("en");
    await book(member, instances[0]!.id);
    await waitForEmails(member.email);

    const changed = await api("PATCH", `/series/${series.id}`, {
      token: tenant.admin.token,
      body: { localStartTime: "19:30" },
    });
    expect(changed.status, changed.text).toBe(200);
    const retimed = (await waitForEmails(member.email, 2))[1]!;
    expect(retimed.subject).toMatch(/^Class moved: Hatha, now /);
    expect(icsOf(retimed)).toContain("SEQUENCE:1");

    const later = DateTime.fromISO(`${startsOn}T20:00`, { zone: "Europe/Copenhagen" }).toJSDate();
    expect((await patch(instances[0]!.id, { action: "move", startsAt: later.toISOString() })).status).toBe(200);
    expect((await patch(instances[0]!.id, { action: "restore" })).status).toBe(200);
    const restored = (await waitForEmails(member.email, 4))[3]!;
    expect(restored.subject).toMatch(/^Class moved: Hatha, now /);
    expect(restored.text).toContain(whenInStudio(later)); // where it was before the restore
    expect(icsOf(restored)).toContain("SEQUENCE:3");
  });
});
