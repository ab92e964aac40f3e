import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { countersOf, createClass, grant, remainingOf, type TestClass } from "@/app/api/bookings/booking-test-data";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const {
  recordAttendanceAction,
  cancelAttendeeBookingAction,
  bookWalkInAction,
  addWalkInAction,
  promoteWaitlistedAction,
} = await import("./actions");
const { listClassPlaces } = await import("@/lib/bookings/list-class-places");

const MINUTE = 60_000;
let tenant: TestTenant;
let teacher: TestMember;
let ida: TestMember;
/** Starts in ten minutes (check-in open, inside any late-cancel window), taught by `teacher`. */
let taught: TestClass;
/** Starts in ten minutes, taught by someone else. */
let notTaught: TestClass;

async function bookAtDesk(lesson: TestClass, attendee: TestMember): Promise<string> {
  const response = await api("POST", "/bookings", {
    token: tenant.admin.token,
    body: { instanceId: lesson.id, attendeeId: attendee.userId },
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

/** An active drop-in with a standard and a youth price. */
async function dropInPrices() {
  const dropIn = await db.product.create({
    data: { accountId: tenant.accountId, type: "drop_in", name: "Drop-in", classAllowance: 1, status: "active" },
  });
  const standard = await db.price.create({
    data: { accountId: tenant.accountId, productId: dropIn.id, amount: 15_000, currency: "DKK", position: 0 },
  });
  const youth = await db.price.create({
    data: { accountId: tenant.accountId, productId: dropIn.id, amount: 9_000, currency: "DKK", position: 1 },
  });
  return { dropIn, standard, youth };
}

beforeEach(async () => {
  tenant = await createTenant();
  teacher = await createMember(tenant.accountId, "teacher");
  const otherTeacher = await createMember(tenant.accountId, "teacher");
  ida = await createMember(tenant.accountId, "attendee");
  await db.account.update({ where: { id: tenant.accountId }, data: { cancellationWindowHours: 12 } });
  const startsAt = new Date(Date.now() + 10 * MINUTE);
  taught = await createClass(tenant.accountId, { startsAt });
  notTaught = await createClass(tenant.accountId, { startsAt });
  await db.instance.update({ where: { id: taught.id }, data: { teacherIds: [teacher.userId] } });
  await db.instance.update({ where: { id: notTaught.id }, data: { teacherIds: [otherTeacher.userId] } });
});

describe("the roster's actions", () => {
  it("let a teacher check in, mark a no-show and clear, for a class they teach", async () => {
    await grant(tenant.accountId, ida.userId);
    const bookingId = await bookAtDesk(taught, ida);
    signInAs(teacher.token);
    const mark = (attendance: string) =>
      recordAttendanceAction(formData({ instanceId: taught.id, bookingId, attendance }));
    expect(await mark("attended")).toEqual({ ok: true, message: "Checked in." });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ attendance: "attended" });
    expect(await mark("no_show")).toEqual({ ok: true, message: "Marked as no-show." });
    expect(await mark("clear")).toEqual({ ok: true, message: "Cleared." });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ attendance: null });
  });

  it("refuse a teacher another teacher's class, and an attendee altogether", async () => {
    await grant(tenant.accountId, ida.userId);
    const bookingId = await bookAtDesk(notTaught, ida);
    signInAs(teacher.token);
    const body = { instanceId: notTaught.id, bookingId, attendance: "attended" };
    expect(await recordAttendanceAction(formData(body))).toEqual({ ok: false, error: "Insufficient permission" });
    expect(await cancelAttendeeBookingAction(formData({ instanceId: notTaught.id, bookingId }))).toEqual({
      ok: false,
      error: "Insufficient permission",
    });
    signInAs(ida.token);
    await expect(recordAttendanceAction(formData(body))).rejects.toThrow();
    await expect(cancelAttendeeBookingAction(formData({ instanceId: notTaught.id, bookingId }))).rejects.toThrow();
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({
      status: "confirmed",
      attendance: null,
    });
  });

  it("cancel someone's booking late (the credit kept) or with the credit returned", async () => {
    const pass = await grant(tenant.accountId, ida.userId, { remainingClasses: 5 });
    const mads = await createMember(tenant.accountId, "attendee");
    const madsPass = await grant(tenant.accountId, mads.userId, { remainingClasses: 5 });
    const late = await bookAtDesk(taught, ida);
    const forgiven = await bookAtDesk(taught, mads);
    signInAs(teacher.token);

    expect(await cancelAttendeeBookingAction(formData({ instanceId: taught.id, bookingId: late }))).toEqual({
      ok: true,
      message: "Booking cancelled late: the class counts as used.",
    });
    expect(await db.booking.findUniqueOrThrow({ where: { id: late } })).toMatchObject({ status: "late_cancelled" });
    expect(await db.entitlement.findUniqueOrThrow({ where: { id: pass.id } })).toMatchObject({ remainingClasses: 4 });

    expect(
      await cancelAttendeeBookingAction(formData({ instanceId: taught.id, bookingId: forgiven, refundCredit: "true" })),
    ).toEqual({ ok: true, message: "Booking cancelled." });
    expect(await db.booking.findUniqueOrThrow({ where: { id: forgiven } })).toMatchObject({ status: "cancelled" });
    expect(await db.entitlement.findUniqueOrThrow({ where: { id: madsPass.id } })).toMatchObject({
      remainingClasses: 5,
    });

    expect(await cancelAttendeeBookingAction(formData({ instanceId: taught.id, bookingId: forgiven }))).toEqual({
      ok: false,
      error: "Booking is already cancelled",
    });
  });

  it("add a walk-in with their own pass, or a drop-in sold at the door, checked in at once", async () => {
    const pass = await grant(tenant.accountId, ida.userId, { remainingClasses: 3 });
    signInAs(teacher.token);
    expect(await bookWalkInAction(formData({ instanceId: taught.id, attendeeId: ida.userId }))).toEqual({
      ok: true,
      message: "Booked and checked in.",
    });
    expect(
      await db.booking.findFirstOrThrow({ where: { instanceId: taught.id, attendeeId: ida.userId } }),
    ).toMatchObject({
      status: "confirmed",
      entitlementId: pass.id,
      attendance: "attended",
    });

    const mads = await createMember(tenant.accountId, "attendee");
    const { youth } = await dropInPrices();
    // without a pass, nobody books
    expect(await bookWalkInAction(formData({ instanceId: taught.id, attendeeId: mads.userId }))).toMatchObject({
      ok: false,
    });
    expect(await db.entitlement.count({ where: { userId: mads.userId } })).toBe(0);
    // another teacher's class: not theirs to book into, nor to sell for
    expect(await bookWalkInAction(formData({ instanceId: notTaught.id, attendeeId: ida.userId }))).toEqual({
      ok: false,
      error: "Insufficient permission",
    });
    expect(
      await bookWalkInAction(formData({ instanceId: notTaught.id, attendeeId: mads.userId, priceId: youth.id })),
    ).toEqual({ ok: false, error: "Insufficient permission" });
    expect(await db.entitlement.count({ where: { userId: mads.userId } })).toBe(0);

    signInAs(tenant.admin.token);
    expect(
      await bookWalkInAction(formData({ instanceId: taught.id, attendeeId: mads.userId, priceId: youth.id })),
    ).toEqual({ ok: true, message: "Booked and checked in." });
    const sold = await db.entitlement.findFirstOrThrow({ where: { userId: mads.userId } });
    expect(sold).toMatchObject({ priceId: youth.id });
    expect(
      await db.booking.findFirstOrThrow({ where: { instanceId: taught.id, attendeeId: mads.userId } }),
    ).toMatchObject({
      status: "confirmed",
      entitlementId: sold.id,
    });
  });

  it("add a person who is not yet a member, sell them a drop-in and check them in, in one step", async () => {
    const { standard } = await dropInPrices();
    signInAs(teacher.token);
    expect(
      await addWalkInAction(formData({ instanceId: taught.id, displayName: " Peter Ny ", priceId: standard.id })),
    ).toEqual({ ok: true, message: "Booked and checked in." });
    const peter = await db.membership.findFirstOrThrow({
      where: { accountId: tenant.accountId, displayName: "Peter Ny" },
      include: { user: true },
    });
    expect(peter.persona).toBe("attendee");
    expect(peter.user.email).toMatch(/@no-email\.invalid$/);
    const order = await db.order.findFirstOrThrow({ where: { userId: peter.userId } });
    expect(order).toMatchObject({ provider: "desk", status: "paid", amount: 15_000 });
    const booking = await db.booking.findFirstOrThrow({ where: { instanceId: taught.id, attendeeId: peter.userId } });
    expect(booking).toMatchObject({ status: "confirmed", attendance: "attended" });
    // the confirmation and the payment email wait in the outbox, written with the rest
    expect(await db.bookingEmail.count({ where: { bookingId: booking.id, kind: "confirmed" } })).toBe(1);
    expect(await db.noticeEmail.count({ where: { accountId: tenant.accountId, userId: peter.userId } })).toBe(1);
  });

  it("book a walk-in with an email that is already a member's as that member; check in only at the door", async () => {
    await grant(tenant.accountId, ida.userId);
    const later = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * 60 * MINUTE) });
    const members = await db.membership.count({ where: { accountId: tenant.accountId } });
    signInAs(tenant.admin.token);
    expect(
      await addWalkInAction(
        formData({ instanceId: later.id, displayName: "Ida", email: ` ${ida.email.toUpperCase()} ` }),
      ),
    ).toEqual({ ok: true, message: "Booked." });
    expect(await db.booking.findFirstOrThrow({ where: { instanceId: later.id } })).toMatchObject({
      attendeeId: ida.userId,
      status: "confirmed",
      attendance: null,
    });
    expect(await db.membership.count({ where: { accountId: tenant.accountId } })).toBe(members);
  });

  it("write nothing when the booking is refused after the sale: nobody added, no pass, no order, no email", async () => {
    const { standard } = await dropInPrices();
    const lastPlace = await createClass(tenant.accountId, {
      startsAt: new Date(Date.now() + 10 * MINUTE),
      capacity: 1,
    });
    await grant(tenant.accountId, ida.userId, { remainingClasses: 2 });
    const idasBooking = await bookAtDesk(lastPlace, ida); // someone else took the last place meanwhile
    await bookAtDesk(taught, ida);
    const mads = await createMember(tenant.accountId, "attendee");
    const written = () =>
      Promise.all([
        db.membership.count({ where: { accountId: tenant.accountId } }),
        db.entitlement.count({ where: { accountId: tenant.accountId } }),
        db.order.count({ where: { accountId: tenant.accountId } }),
        db.noticeEmail.count({ where: { accountId: tenant.accountId } }),
        db.bookingEmail.count({ where: { accountId: tenant.accountId } }),
      ]);
    await waitForEmails(ida.email, 2); // Ida's two confirmations leave the outbox table once sent:
    // each file is written before its row is deleted, so wait for the rows too
    await vi.waitFor(
      async () => expect(await db.bookingEmail.count({ where: { accountId: tenant.accountId } })).toBe(0),
      { timeout: 15_000, interval: 20 },
    );
    const before = await written();
    signInAs(tenant.admin.token);

    const newcomer = { instanceId: lastPlace.id, displayName: "Peter Ny", email: "peter.ny@example.com" };
    expect(await addWalkInAction(formData({ ...newcomer, priceId: standard.id }))).toEqual({
      ok: false,
      error: "Instance is full",
    });
    expect(
      await bookWalkInAction(formData({ instanceId: lastPlace.id, attendeeId: mads.userId, priceId: standard.id })),
    ).toEqual({ ok: false, error: "Instance is full" });
    // a class with places, but the person is already booked: the sale goes back with the refused booking
    expect(
      await bookWalkInAction(formData({ instanceId: taught.id, attendeeId: ida.userId, priceId: standard.id })),
    ).toEqual({ ok: false, error: "Already booked" });

    expect(await db.user.count({ where: { email: "peter.ny@example.com" } })).toBe(0);
    expect(await written()).toEqual(before); // memberships, passes, orders, payment emails, booking emails
    expect(readOutbox().filter((email) => [mads.email, newcomer.email].includes(email.to))).toEqual([]);
    expect(await db.booking.findMany({ where: { instanceId: lastPlace.id } })).toMatchObject([
      { id: idasBooking, attendeeId: ida.userId, status: "confirmed" },
    ]);
    expect(await db.instance.findUniqueOrThrow({ where: { id: lastPlace.id } })).toMatchObject({ bookedCount: 1 });
  });

  it("refuse a walk-in without a name, and sell nothing nor add anybody to a full class", async () => {
    const { standard } = await dropInPrices();
    const full = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 10 * MINUTE), capacity: 0 });
    signInAs(tenant.admin.token);
    expect(await addWalkInAction(formData({ instanceId: taught.id, displayName: "  " }))).toMatchObject({
      ok: false,
      fieldErrors: { displayName: expect.any(String) },
    });
    // someone new holds no pass: without a drop-in sold they cannot be booked, so nobody is added
    expect(await addWalkInAction(formData({ instanceId: taught.id, displayName: "Peter Ny" }))).toEqual({
      ok: false,
      error: "No valid entitlement",
    });
    expect(
      await addWalkInAction(formData({ instanceId: full.id, displayName: "Peter Ny", priceId: standard.id })),
    ).toEqual({ ok: false, error: "Instance is full" });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, displayName: "Peter Ny" } })).toBe(0);
    expect(await db.order.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});

describe("a full class in offer mode at the desk (issue 45 §1)", () => {
  /**
   * Three places, days ahead (outside the automatic window): Ida and two others booked, then Mads,
   * Freja and Bo waiting; one booked person cancels and the freed place is held for Mads (an offer).
   */
  async function fullWithAHeldPlace() {
    await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode: "offer" } });
    const lesson = await createClass(tenant.accountId, { capacity: 3, title: "Hatha" });
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    const others = [await createMember(tenant.accountId, "attendee"), await createMember(tenant.accountId, "attendee")];
    const [mads, freja, bo] = [
      await createMember(tenant.accountId, "attendee"),
      await createMember(tenant.accountId, "attendee"),
      await createMember(tenant.accountId, "attendee"),
    ];
    const passes = new Map<string, string>();
    for (const member of [ida, ...others, mads!, freja!, bo!])
      passes.set(member.userId, (await grant(tenant.accountId, member.userId)).id);
    const booked = [];
    for (const member of [ida, ...others]) booked.push(await bookAtDesk(lesson, member));
    const waiting = [];
    for (const member of [mads!, freja!, bo!]) {
      const response = await api("POST", "/bookings", {
        token: tenant.admin.token,
        body: { instanceId: lesson.id, attendeeId: member.userId, waitlist: true },
      });
      expect(response.status, response.text).toBe(201);
      waiting.push(response.body.id as string);
    }
    const cancelled = await api("DELETE", `/bookings/${booked[2]!}`, { token: tenant.admin.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    const held = await db.booking.findUniqueOrThrow({ where: { id: waiting[0]! } });
    expect(held.offerExpiresAt).not.toBeNull();
    await waitForEmails(mads!.email); // the offer
    return {
      lesson,
      passes,
      mads: mads!,
      freja: freja!,
      bo: bo!,
      held,
      frejaBooking: waiting[1]!,
      boBooking: waiting[2]!,
    };
  }

  const offersOn = (instanceId: string) =>
    db.booking.findMany({
      where: { instanceId, status: "waitlisted", offerExpiresAt: { not: null } },
      select: { id: true, offerExpiresAt: true },
    });

  it("list the held place beside the confirmed ones, with whose it is and until when, and the rest waiting", async () => {
    const { lesson, mads, freja, bo, held } = await fullWithAHeldPlace();
    const actor = { userId: tenant.admin.userId, persona: "administrator" as const };
    const places = await listClassPlaces({ db: tenantDb(tenant.accountId), actor, instanceId: lesson.id });
    const madsName = (await db.user.findUniqueOrThrow({ where: { id: mads.userId } })).displayName;
    expect(places.confirmed.map((booking) => booking.attendeeId)).toHaveLength(2);
    expect(places.confirmed.map((booking) => booking.attendeeId)).toContain(ida.userId);
    expect(
      places.held.map((booking) => [booking.attendeeId, booking.attendee.displayName, booking.offerExpiresAt]),
    ).toEqual([[mads.userId, madsName, held.offerExpiresAt]]);
    expect(places.waiting.map((booking) => booking.attendeeId)).toEqual([freja.userId, bo.userId]);
    // 2 confirmed and 1 held fill the 3 places
    expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 3, confirmed: 2, waitlisted: 3 });
  });

  it("move up the person the desk picks with an extra place: confirmed with their pass, emailed, nobody else offered anything", async () => {
    const { lesson, passes, mads, freja, bo, held, frejaBooking, boBooking } = await fullWithAHeldPlace();
    const emailsTo = (email: string) => readOutbox().filter((sent) => sent.to === email).length;
    const before = { mads: emailsTo(mads.email), bo: emailsTo(bo.email) };
    signInAs(teacher.token);
    const promote = (extra: Record<string, string>) =>
      promoteWaitlistedAction(formData({ instanceId: lesson.id, bookingId: frejaBooking, ...extra }));

    // without the extra place a full class refuses, and grows not
    expect(await promote({})).toEqual({ ok: false, error: "Instance is full" });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(3);

    expect(await promote({ extraPlace: "true" })).toEqual({
      ok: true,
      message: "Moved up into an extra place: the booking is confirmed and the attendee has been emailed.",
    });
    expect(await db.booking.findUniqueOrThrow({ where: { id: frejaBooking } })).toMatchObject({
      status: "confirmed",
      entitlementId: passes.get(freja.userId),
      offerExpiresAt: null,
    });
    expect(await remainingOf(passes.get(freja.userId)!)).toEqual({ remainingClasses: 9, status: "active" });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(4);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 4, waitlistCount: 2, confirmed: 3, waitlisted: 2 });
    // Mads keeps his offer as it was; Bo is offered nothing
    expect(await offersOn(lesson.id)).toEqual([{ id: held.id, offerExpiresAt: held.offerExpiresAt }]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: boBooking } })).toMatchObject({
      status: "waitlisted",
      offerExpiresAt: null,
    });
    const [email] = await waitForEmails(freja.email);
    expect(email!.subject).toMatch(/^Du har fået en plads: Hatha, /);
    expect(
      await db.bookingEmail.count({
        where: { accountId: tenant.accountId, kind: "offered", bookingId: { not: held.id } },
      }),
    ).toBe(0);
    expect({ mads: emailsTo(mads.email), bo: emailsTo(bo.email) }).toEqual(before);
  });

  it("move up the person holding the place into their own place, the class not grown", async () => {
    const { lesson, held } = await fullWithAHeldPlace();
    signInAs(tenant.admin.token);
    expect(await promoteWaitlistedAction(formData({ instanceId: lesson.id, bookingId: held.id }))).toEqual({
      ok: true,
      message: "Moved up: the booking is confirmed and the attendee has been emailed.",
    });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(3);
    expect(await countersOf(lesson.id)).toEqual({ bookedCount: 3, waitlistCount: 2, confirmed: 3, waitlisted: 2 });
    expect(await offersOn(lesson.id)).toEqual([]);
  });

  it("refuse a teacher of another class the extra place", async () => {
    const { lesson, frejaBooking } = await fullWithAHeldPlace();
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [] } });
    signInAs(teacher.token);
    expect(
      await promoteWaitlistedAction(formData({ instanceId: lesson.id, bookingId: frejaBooking, extraPlace: "true" })),
    ).toEqual({ ok: false, error: "Insufficient permission" });
    expect((await db.instance.findUniqueOrThrow({ where: { id: lesson.id } })).capacity).toBe(3);
  });
});
