// Class reminders: scheduled by the sender's sweep (scheduleDueReminders) into the booking email
// outbox, sent by its drain. Times derive from one `now` taken at the start of each test.
import { beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { formatFullDateTime } from "@/lib/format/dates";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { createClass, DAY, HOUR } from "@/app/api/bookings/booking-test-data";
import { sendWaitingBookingEmails } from "@/tests/helpers/app-drains";
import { scheduleDueReminders } from "./schedule-reminders";

let tenant: TestTenant;
let now: Date;

beforeEach(async () => {
  now = new Date();
  tenant = await createTenant({ name: "Studio Sol" });
});

const schedule = (at: Date = now) => scheduleDueReminders(getDatabase().raw, at);

/** A booking of `member` (a new attendee by default) made `bookedBefore` ms before `now`, in a class `startsIn` ms after it. */
async function bookedClass(options: {
  startsIn: number;
  bookedBefore?: number;
  status?: string;
  member?: TestMember;
  title?: string;
  instanceStatus?: string;
}) {
  const member = options.member ?? (await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm" }));
  const lesson = await createClass(tenant.accountId, {
    title: options.title ?? "Yin Yoga",
    startsAt: new Date(now.getTime() + options.startsIn),
    status: options.instanceStatus,
  });
  const booking = await db.booking.create({
    data: {
      accountId: tenant.accountId,
      instanceId: lesson.id,
      attendeeId: member.userId,
      status: options.status ?? "confirmed",
      createdAt: new Date(now.getTime() - (options.bookedBefore ?? 3 * DAY)),
    },
  });
  return { member, lesson, booking };
}

const remindersTo = (email: string) =>
  readOutbox().filter((message) => message.to === email && /^(Påmindelse|Reminder):/.test(message.subject));

describe("class reminders", () => {
  it("go out once, reminderHours before the class, with the studio's time, the address and the free cancellation deadline", async () => {
    await db.account.update({ where: { id: tenant.accountId }, data: { cancellationWindowHours: 2 } });
    const location = await db.location.create({
      data: { accountId: tenant.accountId, name: "Studio Nørrebro", address: "Jagtvej 12, 2200 København N" },
    });
    const { member, lesson } = await bookedClass({ startsIn: 10 * HOUR });
    await db.event.update({ where: { id: lesson.eventId }, data: { locationId: location.id, location: location.name } });

    expect(await schedule()).toBe(1);
    expect(await schedule()).toBe(0); // once
    await sendWaitingBookingEmails();

    const [reminder, ...more] = remindersTo(member.email);
    expect(more).toHaveLength(0);
    const where = { locale: "da-DK", zone: "Europe/Copenhagen" };
    expect(reminder!.subject).toBe(`Påmindelse: Yin Yoga, ${formatFullDateTime(lesson.startsAt, where)}`);
    expect(reminder!.text).toContain("Adresse: Jagtvej 12, 2200 København N");
    const freeUntil = formatFullDateTime(new Date(lesson.startsAt.getTime() - 2 * HOUR), where);
    expect(reminder!.text).toContain(`Du kan afmelde gratis indtil ${freeUntil}.`);
  });

  it("wait until reminderHours before the class, and follow the studio's setting", async () => {
    await bookedClass({ startsIn: 30 * HOUR });
    expect(await schedule()).toBe(0);
    expect(await schedule(new Date(now.getTime() + 6 * HOUR + 1))).toBe(1);

    await db.account.update({ where: { id: tenant.accountId }, data: { reminderHours: 2 } });
    await bookedClass({ startsIn: 3 * HOUR });
    expect(await schedule()).toBe(0);
    expect(await schedule(new Date(now.getTime() + HOUR + 1))).toBe(1);

    await db.account.update({ where: { id: tenant.accountId }, data: { reminderHours: 0 } });
    await bookedClass({ startsIn: HOUR });
    expect(await schedule()).toBe(0);
  });

  it("skip who booked after the reminder moment, who switched them off, and bookings or classes no longer on", async () => {
    await bookedClass({ startsIn: 10 * HOUR, bookedBefore: HOUR }); // booked 9 hours before: later than 24
    const quiet = await createMember(tenant.accountId, "attendee");
    await db.user.update({ where: { id: quiet.userId }, data: { emailReminders: false } });
    await bookedClass({ startsIn: 10 * HOUR, member: quiet });
    await bookedClass({ startsIn: 10 * HOUR, status: "waitlisted" });
    await bookedClass({ startsIn: 10 * HOUR, status: "cancelled" });
    await bookedClass({ startsIn: 10 * HOUR, instanceStatus: "cancelled", status: "cancelled_by_studio" });
    await bookedClass({ startsIn: -HOUR }); // started already

    expect(await schedule()).toBe(0);
  });

  it("are in the attendee's language and say when a cancellation would now be late", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Ada" });
    await db.user.update({ where: { id: member.userId }, data: { locale: "en" } });
    await bookedClass({ startsIn: 10 * HOUR, member, title: "Hatha" }); // the 12-hour window has passed
    expect(await schedule()).toBe(1);
    await sendWaitingBookingEmails();
    const [reminder] = remindersTo(member.email);
    expect(reminder!.subject).toMatch(/^Reminder: Hatha, /);
    expect(reminder!.text).toContain("it counts as a late cancellation now");
  });

  it("is not sent for a booking cancelled after it was scheduled", async () => {
    const { member, booking } = await bookedClass({ startsIn: 10 * HOUR });
    expect(await schedule()).toBe(1);
    await db.booking.update({ where: { id: booking.id }, data: { status: "cancelled", cancelledAt: now } });
    await sendWaitingBookingEmails();
    expect(remindersTo(member.email)).toHaveLength(0);
  });

  it("are scheduled exactly once however many sweeps run at once", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    for (let index = 0; index < 12; index += 1) await bookedClass({ startsIn: (2 + index) * HOUR, member });
    const counts = await Promise.all([schedule(), schedule(), schedule(), schedule()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    const queued = await db.bookingEmail.count({ where: { accountId: tenant.accountId, kind: "reminder" } });
    expect(queued).toBe(12);
  });
});
