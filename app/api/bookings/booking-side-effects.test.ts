// What other operations do to bookings: an instance cancelled by the studio (decisions §4), a
// membership removed (decisions §3); and the calendar file of the confirmation email.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { createClass, countersOf, DAY, grant, HOUR, remainingOf } from "./booking-test-data";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

async function bookAs(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string };
}

async function memberWithPass(classes = 10) {
  const member = await createMember(tenant.accountId, "attendee");
  const pass = await grant(tenant.accountId, member.userId, { remainingClasses: classes });
  return { member, pass };
}

const statusOf = async (bookingId: string) => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status;

describe("instance cancelled by the studio", () => {
  it("cancels confirmed and waitlisted bookings, returns credits, zeroes the counters and emails everyone", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Power Yoga" });
    const { member: booked, pass: bookedPass } = await memberWithPass(1);
    const { member: waiting, pass: waitingPass } = await memberWithPass(2);
    const { member: left, pass: leftPass } = await memberWithPass(2);
    const confirmed = await bookAs(booked, lesson.id);
    const waitlisted = await bookAs(waiting, lesson.id, { waitlist: true });
    const gone = await bookAs(left, lesson.id, { waitlist: true });
    expect((await api("DELETE", `/bookings/${gone.id}`, { token: left.token })).status).toBe(200);
    expect(await remainingOf(bookedPass.id)).toEqual({ remainingClasses: 0, status: "exhausted" });
    await waitForEmails(booked.email); // the confirmation, sent before the class is cancelled

    const response = await api("PATCH", `/instances/${lesson.id}`, {
      token: tenant.admin.token,
      body: { action: "cancel" },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "cancelled", bookedCount: 0, waitlistCount: 0 });
    expect(await statusOf(confirmed.id)).toBe("cancelled_by_studio");
    expect(await statusOf(waitlisted.id)).toBe("cancelled_by_studio");
    expect(await statusOf(gone.id)).toBe("cancelled"); // already ended: untouched
    expect(await remainingOf(bookedPass.id)).toEqual({ remainingClasses: 1, status: "active" });
    expect(await remainingOf(waitingPass.id)).toEqual({ remainingClasses: 2, status: "active" });
    expect(await remainingOf(leftPass.id)).toEqual({ remainingClasses: 2, status: "active" });
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 0, waitlistCount: 0, confirmed: 0, waitlisted: 0 });
    const cancelledAt = (await db.booking.findUniqueOrThrow({ where: { id: confirmed.id } })).cancelledAt;
    expect(cancelledAt).toBeInstanceOf(Date);

    for (const member of [booked, waiting]) {
      const emails = await waitForEmails(member.email, member === booked ? 2 : 1);
      expect(emails.at(-1)!.subject).toMatch(/^Hold aflyst: Power Yoga, /) // a da-DK studio's attendee writes in Danish;
    }
    expect(
      readOutbox().filter((email) => email.to === left.email && email.subject.startsWith("Hold aflyst")),
    ).toEqual([]);
  });

  it("a restored instance does not revive the bookings, and takes new ones", async () => {
    const lesson = await createClass(tenant.accountId, { capacity: 1 });
    const { member } = await memberWithPass();
    const booking = await bookAs(member, lesson.id);
    await api("PATCH", `/instances/${lesson.id}`, { token: tenant.admin.token, body: { action: "cancel" } });
    const restored = await api("PATCH", `/instances/${lesson.id}`, {
      token: tenant.admin.token,
      body: { action: "restore" },
    });
    expect(restored.body).toMatchObject({ status: "scheduled", bookedCount: 0, waitlistCount: 0 });
    expect(await statusOf(booking.id)).toBe("cancelled_by_studio");
    expect((await bookAs(member, lesson.id)).status).toBe("confirmed");
  });

  it("leaves other instances' bookings alone", async () => {
    const cancelled = await createClass(tenant.accountId);
    const kept = await createClass(tenant.accountId);
    const { member } = await memberWithPass();
    await bookAs(member, cancelled.id);
    const other = await bookAs(member, kept.id);
    await api("PATCH", `/instances/${cancelled.id}`, { token: tenant.admin.token, body: { action: "cancel" } });
    expect(await statusOf(other.id)).toBe("confirmed");
    expect(await countersOf(kept.id)).toMatchObject({ bookedCount: 1 });
  });
});

describe("membership removed", () => {
  it("cancels the member's future live bookings, returns credits, frees places for the waitlist; keeps the past", async () => {
    const { member: leaving, pass } = await memberWithPass(5);
    const full = await createClass(tenant.accountId, { capacity: 1 });
    const roomy = await createClass(tenant.accountId, { capacity: 5 });
    const waitedOn = await createClass(tenant.accountId, { capacity: 0 });
    const past = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - DAY) });
    const pastBooking = await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: past.id,
        attendeeId: leaving.userId,
        status: "confirmed",
        entitlementId: pass.id,
      },
    });
    await db.instance.update({ where: { id: past.id }, data: { bookedCount: 1 } });

    const onFull = await bookAs(leaving, full.id);
    const onRoomy = await bookAs(leaving, roomy.id);
    const onWaitlist = await bookAs(leaving, waitedOn.id, { waitlist: true });
    const { member: waiter, pass: waiterPass } = await memberWithPass(3);
    const waiting = await bookAs(waiter, full.id, { waitlist: true });
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 3, status: "active" });
    // Confirmations go out when the process has a moment without requests; one still waiting when
    // its booking is cancelled is dropped, so let these two go out first.
    await waitForEmails(leaving.email, 2);

    const response = await api("DELETE", `/memberships/${leaving.userId}`, { token: tenant.admin.token });

    expect(response.status).toBe(204);
    for (const booking of [onFull, onRoomy, onWaitlist]) expect(await statusOf(booking.id)).toBe("cancelled_by_studio");
    expect(await statusOf(pastBooking.id)).toBe("confirmed");
    expect(await remainingOf(pass.id)).toEqual({ remainingClasses: 5, status: "active" });
    // The freed place on the full class went to the waitlist, with the waiter's credit.
    expect(await statusOf(waiting.id)).toBe("confirmed");
    expect(await remainingOf(waiterPass.id)).toEqual({ remainingClasses: 2, status: "active" });
    expect(await countersOf(full.id)).toEqual({ bookedCount: 1, waitlistCount: 0, confirmed: 1, waitlisted: 0 });
    expect(await countersOf(roomy.id)).toEqual({ bookedCount: 0, waitlistCount: 0, confirmed: 0, waitlisted: 0 });
    expect(await countersOf(waitedOn.id)).toEqual({ bookedCount: 0, waitlistCount: 0, confirmed: 0, waitlisted: 0 });
    expect(await countersOf(past.id)).toMatchObject({ bookedCount: 1, confirmed: 1 });

    const [promotedEmail] = await waitForEmails(waiter.email);
    expect(promotedEmail!.subject).toMatch(/^Du har fået en plads: /);
    // The removed person gets confirmations of their own bookings only, no cancellation notices.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      readOutbox()
        .filter((email) => email.to === leaving.email)
        .map((email) => email.subject.split(":")[0]),
    ).toEqual(["Booking bekræftet", "Booking bekræftet"]);
  });

  it("touches no booking of another tenant where the same person is a member", async () => {
    const other = await createTenant();
    const { member } = await memberWithPass();
    await db.membership.create({ data: { accountId: other.accountId, userId: member.userId, persona: "attendee" } });
    await grant(other.accountId, member.userId);
    const theirs = await createClass(other.accountId);
    const elsewhere = await db.booking.create({
      data: { accountId: other.accountId, instanceId: theirs.id, attendeeId: member.userId, status: "confirmed" },
    });
    expect((await api("DELETE", `/memberships/${member.userId}`, { token: tenant.admin.token })).status).toBe(204);
    expect(await statusOf(elsewhere.id)).toBe("confirmed");
  });
});

/** Unfolds an iCalendar text (RFC 5545 §3.1) into its content lines. */
function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
}

describe("the confirmation's calendar file", () => {
  it("is an RFC 5545 VEVENT of the class in UTC, CRLF lines of at most 75 octets, text escaped", async () => {
    const title = "Yin, Yang; and \\ a very long title that certainly needs folding somewhere along the line — æøå";
    const start = new Date(Math.floor((Date.now() + 2 * DAY) / 1000) * 1000);
    const lesson = await createClass(tenant.accountId, { title, location: "Studio 2, upstairs", startsAt: start });
    const { member } = await memberWithPass();
    const booking = await bookAs(member, lesson.id);

    const [email] = await waitForEmails(member.email);
    const [attachment] = (
      email as unknown as { attachments: { filename: string; content: string; contentType: string }[] }
    ).attachments;
    const ics = attachment!.content;

    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // no bare CR or LF
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const lines = unfold(ics);
    const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(value("VERSION")).toBe("2.0");
    expect(value("PRODID")).toBeTruthy();
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(value("UID")).toBe(`booking-${booking.id}@localhost`);
    expect(value("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    const utc = (date: Date) =>
      date
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/[-:]/g, "");
    expect(value("DTSTART")).toBe(utc(start));
    expect(value("DTEND")).toBe(utc(new Date(start.getTime() + HOUR)));
    expect(value("SUMMARY")).toBe(
      "Yin\\, Yang\\; and \\\\ a very long title that certainly needs folding somewhere along the line — æøå",
    );
    expect(value("LOCATION")).toBe("Studio 2\\, upstairs");
    expect(ics).toContain("\r\n "); // the summary was folded
  });
});
