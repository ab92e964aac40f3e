// Quiet hours (decision 0048): in `offer` mode no offer expires in the studio's night (22:00–08:00
// by default, in its zone) and no offer email goes out in it; a class that starts before the night
// ends gets its place automatically. The offers are made by the sweep at an injected clock.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { expireWaitlistOffers } from "@/lib/bookings/expire-waitlist-offers";
import { fromDateTimeLocal, studioWallClock } from "@/lib/studio-time/wall-clock";
import { api } from "@/tests/helpers/api";
import { sendWaitingBookingEmails } from "@/tests/helpers/app-drains";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmailsAbout } from "@/tests/helpers/outbox";
import { DAY, countersOf, createClass, grant, remainingOf } from "./booking-test-data";

const CPH = "Europe/Copenhagen";
let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
  await db.account.update({
    where: { id: tenant.accountId },
    data: { waitlistMode: "offer", waitlistOfferMinutes: 60 },
  });
});

/** The studio's wall clock `days` after today at `time` ("HH:MM"), as an instant. */
function studioAt(days: number, time: string): Date {
  const today = studioWallClock(new Date(), CPH).date;
  const date = new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  return fromDateTimeLocal(`${date}T${time}`, CPH)!;
}

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

async function setQuietHours(quietHours: { from: string; to: string } | null) {
  const response = await api("PATCH", "/account", {
    token: tenant.admin.token,
    body: { bookingPolicy: { quietHours } },
  });
  expect(response.status, response.text).toBe(200);
}

/**
 * A full class of one place starting at `startsAt`, whose place was freed and offered (now, before
 * quiet hours were set) to `next`; `after` waits behind. The studio then has the default quiet hours.
 */
async function offeredPlaceWithOneBehind(startsAt: Date) {
  const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Yin", startsAt });
  const [first, next, after] = [
    await createMember(tenant.accountId, "attendee"),
    await createMember(tenant.accountId, "attendee"),
    await createMember(tenant.accountId, "attendee"),
  ];
  for (const member of [first, next, after]) await grant(tenant.accountId, member.userId);
  const firstBooking = await book(first, lesson.id);
  await book(next, lesson.id, { waitlist: true });
  const afterBooking = await book(after, lesson.id, { waitlist: true });
  const cancelled = await api("DELETE", `/bookings/${firstBooking.id}`, { token: first.token });
  expect(cancelled.status, cancelled.text).toBe(200);
  await setQuietHours({ from: "22:00", to: "08:00" });
  return { lesson, after, afterBooking };
}

const bookingOf = (bookingId: string) => db.booking.findUniqueOrThrow({ where: { id: bookingId } });
const offerEmailOf = (bookingId: string) =>
  db.bookingEmail.findFirst({ where: { bookingId, kind: "offered" }, select: { lockedUntil: true, attempts: true } });

describe("an offer in the studio's quiet hours", () => {
  it("made at 21:30 with a 1 h hold expires at 08:00 the next morning, its email sent at once", async () => {
    const { after, afterBooking } = await offeredPlaceWithOneBehind(studioAt(3, "18:00"));
    await expireWaitlistOffers(studioAt(1, "21:30"));

    const offered = await bookingOf(afterBooking.id);
    expect(offered.status).toBe("waitlisted");
    expect(offered.offerExpiresAt).toEqual(studioAt(2, "08:00"));
    const [email] = await waitForEmailsAbout(after.email, /Din plads er holdt til [a-zæøå]+dag kl\. 08[.:]00/);
    expect(email?.locale).toBe("da");
  });

  it("made at 23:00 is emailed at 08:00, not before, and held from then for the hour", async () => {
    const { after, afterBooking } = await offeredPlaceWithOneBehind(studioAt(3, "18:00"));
    await expireWaitlistOffers(studioAt(1, "23:00"));

    expect((await bookingOf(afterBooking.id)).offerExpiresAt).toEqual(studioAt(2, "09:00"));
    expect(await offerEmailOf(afterBooking.id)).toEqual({ lockedUntil: studioAt(2, "08:00"), attempts: 0 });
    await sendWaitingBookingEmails({ now: new Date(studioAt(2, "08:00").getTime() - 1000) });
    expect(readOutbox().filter((email) => email.to === after.email && /holdt til/.test(email.subject))).toEqual([]);
    expect(await offerEmailOf(afterBooking.id)).toMatchObject({ attempts: 0 });

    await sendWaitingBookingEmails({ now: new Date(studioAt(2, "08:00").getTime() + 1000) });
    await waitForEmailsAbout(after.email, /Din plads er holdt til [a-zæøå]+dag kl\. 09[.:]00/);
    expect(await offerEmailOf(afterBooking.id)).toBeNull();
  });

  it("leaves an offer made in the day as it was: 14:00 holds until 15:00, emailed at once", async () => {
    const { after, afterBooking } = await offeredPlaceWithOneBehind(studioAt(3, "18:00"));
    await expireWaitlistOffers(studioAt(1, "14:00"));

    expect((await bookingOf(afterBooking.id)).offerExpiresAt).toEqual(studioAt(1, "15:00"));
    await waitForEmailsAbout(after.email, /Din plads er holdt til [a-zæøå]+dag kl\. 15[.:]00/);
  });

  it("gives the place automatically when the class starts before the quiet hours end", async () => {
    const { lesson, after, afterBooking } = await offeredPlaceWithOneBehind(studioAt(2, "07:00"));
    const pass = await db.entitlement.findFirstOrThrow({ where: { userId: after.userId } });
    await expireWaitlistOffers(studioAt(1, "21:30"));

    const promoted = await bookingOf(afterBooking.id);
    expect(promoted).toMatchObject({ status: "confirmed", offerExpiresAt: null });
    expect((await remainingOf(pass.id)).remainingClasses).toBe(9);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 0, confirmed: 1, waitlisted: 0 });
  });

  it("changes nothing without quiet hours: 21:30 holds until 22:30", async () => {
    const { afterBooking } = await offeredPlaceWithOneBehind(studioAt(3, "18:00"));
    await setQuietHours(null);
    await expireWaitlistOffers(studioAt(1, "21:30"));

    expect((await bookingOf(afterBooking.id)).offerExpiresAt).toEqual(studioAt(1, "22:30"));
    expect(await offerEmailOf(afterBooking.id)).toMatchObject({ lockedUntil: null });
  });
});
