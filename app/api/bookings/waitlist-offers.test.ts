// A fair waitlist (issue 33 §3, decision 0039): in the studio's `offer` mode a freed place is held
// for the first waitlisted person who could be confirmed, to claim until `offerExpiresAt`; an offer
// not claimed passes to the next in line; inside the auto window the old automatic promotion applies.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { expireWaitlistOffers } from "@/lib/bookings/expire-waitlist-offers";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmailsAbout } from "@/tests/helpers/outbox";
import { DAY, HOUR, countersOf, createClass, grant, remainingOf } from "./booking-test-data";

const MINUTE = 60_000;
let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
  await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode: "offer" } });
});

async function book(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; status: string; offerExpiresAt: string | null };
}

const bookingOf = (bookingId: string) => db.booking.findUniqueOrThrow({ where: { id: bookingId } });
const claim = (member: TestMember, bookingId: string) =>
  api("POST", `/bookings/${bookingId}/claim`, { token: member.token });

/** A full class of one place (`first` in it) with `next` and `after` waiting, each with a pass. */
async function fullClassWithTwoWaiting(startsAt = new Date(Date.now() + 2 * DAY)) {
  const lesson = await createClass(tenant.accountId, { capacity: 1, title: "Vinyasa", startsAt });
  const member = () => createMember(tenant.accountId, "attendee");
  const [first, next, after] = [await member(), await member(), await member()];
  await grant(tenant.accountId, first.userId);
  const nextPass = await grant(tenant.accountId, next.userId);
  await grant(tenant.accountId, after.userId);
  const firstBooking = await book(first, lesson.id);
  const nextBooking = await book(next, lesson.id, { waitlist: true });
  const afterBooking = await book(after, lesson.id, { waitlist: true });
  return { lesson, first, next, after, firstBooking, nextBooking, afterBooking, nextPass };
}

async function cancel(member: TestMember, bookingId: string) {
  const response = await api("DELETE", `/bookings/${bookingId}`, { token: member.token });
  expect(response.status, response.text).toBe(200);
}

describe("a freed place in offer mode", () => {
  it("is held for the first in line, who is emailed in Danish, and nobody else can book it", async () => {
    const { lesson, first, next, firstBooking, nextBooking, nextPass } = await fullClassWithTwoWaiting();
    const before = Date.now();
    await cancel(first, firstBooking.id);

    const offered = await bookingOf(nextBooking.id);
    expect(offered.status).toBe("waitlisted");
    expect(offered.offerExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000);
    expect(offered.offerExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 2, confirmed: 0, waitlisted: 2 });
    expect((await remainingOf(nextPass.id)).remainingClasses).toBe(10); // no credit until claimed

    const mine = await api("GET", "/me/bookings", { token: next.token });
    expect(mine.status, mine.text).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(offered.offerExpiresAt!.toISOString());

    const [email] = await waitForEmailsAbout(next.email, /Din plads er holdt til [a-zæøå]+dag kl\. \d\d[.:]\d\d/);
    expect(email?.locale).toBe("da");
    expect(email?.text).toContain(`/${tenant.slug}/me`);

    const latecomer = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, latecomer.userId);
    const refused = await api("POST", "/bookings", { token: latecomer.token, body: { instanceId: lesson.id, waitlist: false } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Instance is full" });
  });

  it("is confirmed when claimed, the credit taken then", async () => {
    const { lesson, first, next, firstBooking, nextBooking, nextPass } = await fullClassWithTwoWaiting();
    await cancel(first, firstBooking.id);
    const claimed = await claim(next, nextBooking.id);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({ id: nextBooking.id, status: "confirmed", offerExpiresAt: null });
    expect((await remainingOf(nextPass.id)).remainingClasses).toBe(9);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });
    const again = await claim(next, nextBooking.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Booking has no offer" });
  });

  it("cannot be claimed without an offer, after it expired, or by someone else", async () => {
    const { first, next, after, firstBooking, nextBooking, afterBooking } = await fullClassWithTwoWaiting();
    await cancel(first, firstBooking.id);

    const noOffer = await claim(after, afterBooking.id);
    expect(noOffer.status).toBe(409);
    expect(noOffer.body).toEqual({ error: "Booking has no offer" });
    expect((await claim(after, nextBooking.id)).status).toBe(404); // another attendee's booking
    const byAdmin = await api("POST", `/bookings/${nextBooking.id}/claim`, { token: tenant.admin.token });
    expect(byAdmin.status).toBe(403);

    // the offer was made a while ago and its time is up
    await db.booking.update({ where: { id: nextBooking.id }, data: { offerExpiresAt: new Date(Date.now() - MINUTE) } });
    const expired = await claim(next, nextBooking.id);
    expect(expired.status).toBe(409);
    expect(expired.body).toEqual({ error: "Offer expired" });
    expect((await bookingOf(nextBooking.id)).status).toBe("waitlisted");
  });

  it("passes to the next in line when it expires, once however often the sweep runs", async () => {
    const { lesson, first, after, firstBooking, nextBooking, afterBooking } = await fullClassWithTwoWaiting();
    await cancel(first, firstBooking.id);
    const expiresAt = (await bookingOf(nextBooking.id)).offerExpiresAt!;

    // (the sweep is the whole database's: other studios' offers may lapse too, so this class is looked at)
    await expireWaitlistOffers(new Date(expiresAt.getTime() - 1000));
    expect((await bookingOf(nextBooking.id)).offerExpiresAt).toEqual(expiresAt); // not yet
    const sweptAt = new Date(expiresAt.getTime() + 1000);
    await expireWaitlistOffers(sweptAt);
    await expireWaitlistOffers(sweptAt);

    expect((await bookingOf(nextBooking.id)).status).toBe("cancelled");
    const passedOn = await bookingOf(afterBooking.id);
    expect(passedOn.status).toBe("waitlisted");
    expect(passedOn.offerExpiresAt).toEqual(new Date(sweptAt.getTime() + 60 * MINUTE));
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 0, waitlisted: 1 });
    await waitForEmailsAbout(after.email, /Din plads er holdt til/);
  });

  it("is promoted automatically inside the auto window", async () => {
    const { lesson, first, firstBooking, nextBooking, nextPass } = await fullClassWithTwoWaiting(
      new Date(Date.now() + HOUR), // within the default 120 minutes
    );
    await cancel(first, firstBooking.id);
    const promoted = await bookingOf(nextBooking.id);
    expect(promoted.status).toBe("confirmed");
    expect(promoted.offerExpiresAt).toBeNull();
    expect((await remainingOf(nextPass.id)).remainingClasses).toBe(9);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });
  });

  it("gives the held place back to the line when the offered person cancels", async () => {
    const { lesson, first, next, firstBooking, nextBooking, afterBooking } = await fullClassWithTwoWaiting();
    await cancel(first, firstBooking.id);
    await cancel(next, nextBooking.id);
    expect((await bookingOf(afterBooking.id)).offerExpiresAt).not.toBeNull();
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 0, waitlisted: 1 });
  });
});
