import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { createClass, DAY, grant } from "./booking-test-data";

// Guests (issue 33 §2, decision 0038): a member brings a guest to a class, paid with a credit of the
// member's own pass, up to the studio's bookingPolicy.guestsPerBooking per class.

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  await allowGuests(tenant, 2);
});

async function allowGuests(studio: TestTenant, guestsPerBooking: number) {
  const response = await api("PATCH", "/account", {
    token: studio.admin.token,
    body: { bookingPolicy: { guestsPerBooking } },
  });
  expect(response).toMatchObject({ status: 200, body: { bookingPolicy: { guestsPerBooking } } });
}

const bringGuest = (host: TestMember, instanceId: string, guest: { displayName: string; email?: string }, extra = {}) =>
  api("POST", "/bookings", { token: host.token, body: { instanceId, guest, ...extra } });

const credits = async (entitlementId: string) =>
  (await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } })).remainingClasses;

describe("bookingPolicy.guestsPerBooking", () => {
  it("is 0 by default, and 0 to 5", async () => {
    const fresh = await createTenant();
    expect((await api("GET", "/account", { token: fresh.admin.token })).body.bookingPolicy.guestsPerBooking).toBe(0);
    for (const guestsPerBooking of [-1, 6, 1.5])
      expect(
        (await api("PATCH", "/account", { token: fresh.admin.token, body: { bookingPolicy: { guestsPerBooking } } }))
          .status,
      ).toBe(400);
  });
});

describe("POST /bookings with a guest", () => {
  it("books the guest with one credit of the host's pass; the guest is emailed the confirmation", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    const pass = await grant(tenant.accountId, host.userId, { remainingClasses: 5 });
    const yoga = await createClass(tenant.accountId, { title: "Morning flow" });
    const response = await bringGuest(host, yoga.id, { displayName: "Sofie Berg", email: "Sofie.Berg@example.com" });
    expect(response).toMatchObject({ status: 201, body: { status: "confirmed", entitlementId: pass.id } });
    const guest = await db.user.findUniqueOrThrow({ where: { email: "sofie.berg@example.com" } });
    expect(response.body.attendeeId).toBe(guest.id);
    expect(await db.membership.findFirst({ where: { userId: guest.id, accountId: tenant.accountId } })).toMatchObject({
      persona: "attendee",
    });
    expect(await credits(pass.id)).toBe(4);
    const [email] = await waitForEmails("sofie.berg@example.com");
    expect(email!.text).toContain("Morning flow");

    // the host books themselves as well, with a second credit
    expect(await api("POST", "/bookings", { token: host.token, body: { instanceId: yoga.id } })).toMatchObject({
      status: 201,
      body: { attendeeId: host.userId },
    });
    expect(await credits(pass.id)).toBe(3);
  });

  it("reuses the identity of a guest's email, and a guest without email gets an identity whose emails go to the host", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, host.userId);
    const known = await createMember(other.accountId, "attendee");
    const first = await createClass(tenant.accountId);
    const reused = await bringGuest(host, first.id, { displayName: "Someone", email: known.email });
    expect(reused).toMatchObject({ status: 201, body: { attendeeId: known.userId } });

    const anonymous = await bringGuest(host, first.id, { displayName: "A friend" });
    expect(anonymous.status).toBe(201);
    const friend = await db.user.findUniqueOrThrow({ where: { id: anonymous.body.attendeeId } });
    expect(friend).toMatchObject({ displayName: "A friend", guardianId: host.userId });
    await waitForEmails(host.email); // the friend's confirmation, to the host
    // a guest is no dependant
    expect((await api("GET", "/me/dependants", { token: host.token })).body).toEqual([]);
  });

  it("answers 409 `Too many guests` past the limit per host and class, and lets another host bring theirs", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, host.userId);
    const yoga = await createClass(tenant.accountId);
    expect((await bringGuest(host, yoga.id, { displayName: "One" })).status).toBe(201);
    expect((await bringGuest(host, yoga.id, { displayName: "Two" })).status).toBe(201);
    expect(await bringGuest(host, yoga.id, { displayName: "Three" })).toMatchObject({
      status: 409,
      body: { error: "Too many guests" },
    });
    // the refused guest's identity was rolled back with the booking
    expect(await db.user.count({ where: { displayName: "Three", guardianId: host.userId } })).toBe(0);

    const another = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, another.userId);
    expect((await bringGuest(another, yoga.id, { displayName: "Three" })).status).toBe(201);
    // on another class the host may bring guests again
    const later = await createClass(tenant.accountId);
    expect((await bringGuest(host, later.id, { displayName: "One" })).status).toBe(201);
  });

  it("holds the limit under concurrent requests: of three guests at once past a limit of two, one is refused", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    const pass = await grant(tenant.accountId, host.userId, { remainingClasses: 10 });
    const yoga = await createClass(tenant.accountId);
    const answers = await Promise.all(
      ["One", "Two", "Three"].map((displayName) => bringGuest(host, yoga.id, { displayName })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ error: "Too many guests" });
    expect(await credits(pass.id)).toBe(8);
  });

  it("answers 409 `Guests are not allowed` while the studio allows none, before anything else", async () => {
    const studio = await createTenant();
    const host = await createMember(studio.accountId, "attendee");
    const yoga = await createClass(studio.accountId);
    expect(await bringGuest(host, yoga.id, { displayName: "Friend" })).toMatchObject({
      status: 409,
      body: { error: "Guests are not allowed" },
    });
  });

  it("follows the usual rules: 402 without a pass of the host, the waitlist when full, 404 in another studio", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    const yoga = await createClass(tenant.accountId, { capacity: 1 });
    expect(await bringGuest(host, yoga.id, { displayName: "Friend" })).toMatchObject({
      status: 402,
      body: { error: "No valid entitlement" },
    });
    // a guest's own pass pays nothing for the host's guest booking
    const guest = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, guest.userId);
    expect((await bringGuest(host, yoga.id, { displayName: "Guest", email: guest.email })).status).toBe(402);

    const pass = await grant(tenant.accountId, host.userId, { remainingClasses: 2 });
    expect((await api("POST", "/bookings", { token: host.token, body: { instanceId: yoga.id } })).status).toBe(201);
    expect(await bringGuest(host, yoga.id, { displayName: "Friend" })).toMatchObject({
      status: 409,
      body: { error: "Instance is full" },
    });
    const waiting = await bringGuest(host, yoga.id, { displayName: "Friend" }, { waitlist: true });
    expect(waiting).toMatchObject({ status: 201, body: { status: "waitlisted" } });
    // the place freed goes to the guest, paid by the host's pass
    const [own] = await db.booking.findMany({ where: { instanceId: yoga.id, attendeeId: host.userId } });
    expect((await api("DELETE", `/bookings/${own!.id}`, { token: host.token })).status).toBe(200);
    const promoted = await db.booking.findUniqueOrThrow({ where: { id: waiting.body.id } });
    expect(promoted).toMatchObject({ status: "confirmed", entitlementId: pass.id });
    expect(await credits(pass.id)).toBe(1);

    const elsewhere = await createClass(other.accountId);
    expect((await bringGuest(host, elsewhere.id, { displayName: "Friend" })).status).toBe(404);
  });

  it("shows the host the guest's booking and lets the host cancel it, the credit back on the host's pass", async () => {
    const host = await createMember(tenant.accountId, "attendee");
    const pass = await grant(tenant.accountId, host.userId, { remainingClasses: 3 });
    const yoga = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY) });
    const booked = await bringGuest(host, yoga.id, { displayName: "Friend" });
    const mine = await api("GET", "/me/bookings", { token: host.token });
    expect(mine.body).toEqual([expect.objectContaining({ booking: expect.objectContaining({ id: booked.body.id }) })]);

    const stranger = await createMember(tenant.accountId, "attendee");
    expect((await api("DELETE", `/bookings/${booked.body.id}`, { token: stranger.token })).status).toBe(404);
    expect(await api("DELETE", `/bookings/${booked.body.id}`, { token: host.token })).toMatchObject({
      status: 200,
      body: { status: "cancelled" },
    });
    expect(await credits(pass.id)).toBe(3);
  });

  it("refuses a guest with attendeeId (400) and from an API key (403)", async () => {
    const yoga = await createClass(tenant.accountId);
    const host = await createMember(tenant.accountId, "attendee");
    const both = await api("POST", "/bookings", {
      token: host.token,
      body: { instanceId: yoga.id, attendeeId: host.userId, guest: { displayName: "Friend" } },
    });
    expect(both.status).toBe(400);
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Sync" } });
    expect((await bringGuest({ ...host, token: key.body.secret }, yoga.id, { displayName: "Friend" })).status).toBe(
      403,
    );
  });
});
