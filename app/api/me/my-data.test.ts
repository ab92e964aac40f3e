// A person's own data (issue 31 §3): GET /me/export, DELETE /me, POST /users/{userId}/erase.
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/lib/auth/create-session";
import { db } from "@/lib/db";
import { deliverEmail } from "@/lib/email/transport";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY, grant, remainingOf } from "@/app/api/bookings/booking-test-data";

let home: TestTenant; // Danish (da-DK)
let away: TestTenant; // English (en-GB)
let ida: TestMember;
let idaAway: string; // ida's session token in `away`
let waiting: TestMember;
let pastBookingId: string;
let futureBookingId: string;
let waitlistedId: string;
let passId: string;
let orderId: string;
let subscriptionId: string;
let ipCounter = 0;

async function bookAs(member: TestMember, instanceId: string, extra: Record<string, unknown> = {}) {
  const response = await api("POST", "/bookings", { token: member.token, body: { instanceId, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; status: string };
}

/** A row of a committed people import that wrote this person. */
function importedRow(row: number, person: { userId: string; email: string }, phone: string) {
  return {
    accountId: home.accountId,
    row,
    status: "valid",
    cells: [person.email, phone],
    values: { email: person.email, phone },
    errors: [],
    outcome: "created",
    userId: person.userId,
  };
}

beforeEach(async () => {
  home = await createTenant({ name: "Yoga Nord" });
  away = await createTenant({ name: "Dance Away" });
  await db.account.update({ where: { id: away.accountId }, data: { locale: "en-GB" } });
  ida = await createMember(home.accountId, "attendee", { displayName: "Ida Holm" });
  await db.user.update({ where: { id: ida.userId }, data: { dateOfBirth: new Date("1991-02-03"), locale: "da", phone: "+45 20 30 40 50" } });
  await db.membership.update({
    where: { accountId_userId: { accountId: home.accountId, userId: ida.userId } },
    data: { notes: "Knee injury: no deep lunges" },
  });
  await db.membership.create({ data: { accountId: away.accountId, userId: ida.userId, persona: "attendee" } });
  idaAway = (await createSession({ userId: ida.userId, accountId: away.accountId, kind: "bearer" })).token;
  waiting = await createMember(home.accountId, "attendee", { displayName: "Waiting Wanda" });
  await db.user.update({ where: { id: waiting.userId }, data: { phone: "+45 11 22 33 44" } });
  // Wanda came with an import, which keeps the file's rows (the administrator's row stays as it is)
  await db.import.create({
    data: {
      accountId: home.accountId,
      kind: "people",
      status: "committed",
      source: "generic",
      headers: ["email", "phone"],
      fields: ["email", "phone"],
      dateFormat: "YYYY-MM-DD",
      rows: {
        create: [
          importedRow(2, waiting, "+45 11 22 33 44"),
          importedRow(3, home.admin, "+45 99 88 77 66"),
        ],
      },
    },
  });

  const pass = await grant(home.accountId, ida.userId, { remainingClasses: 5 });
  passId = pass.id;
  await grant(home.accountId, waiting.userId, { remainingClasses: 5 });
  const past = await createClass(home.accountId, { startsAt: new Date(Date.now() - 3 * DAY), title: "Yesterday's flow" });
  pastBookingId = (
    await db.booking.create({
      data: { accountId: home.accountId, instanceId: past.id, attendeeId: ida.userId, status: "confirmed", attendance: "attended" },
    })
  ).id;
  const full = await createClass(home.accountId, { capacity: 1, title: "Tomorrow's flow" });
  futureBookingId = (await bookAs(ida, full.id)).id;
  waitlistedId = (await bookAs(waiting, full.id, { waitlist: true })).id;
  const price = await db.price.create({ data: { accountId: home.accountId, productId: pass.productId, amount: 50000, currency: "DKK" } });
  orderId = (
    await db.order.create({
      data: {
        accountId: home.accountId,
        userId: ida.userId,
        productId: pass.productId,
        priceId: price.id,
        amount: 50000,
        currency: "DKK",
        status: "paid",
        provider: "desk",
        paidAt: new Date(),
        receiptNumber: 1,
      },
    })
  ).id;
  await db.noticeEmail.create({ data: { accountId: home.accountId, kind: "receipt", userId: ida.userId, orderId } });
  subscriptionId = (
    await grant(home.accountId, ida.userId, { remainingClasses: null, validUntil: new Date(Date.now() + 20 * DAY) })
  ).id;
  const group = (await api("POST", "/groups", { token: home.admin.token, body: { name: "Morning crew" } })).body;
  await api("POST", `/groups/${group.id}/users/${ida.userId}`, { token: home.admin.token });
});

describe("GET /me/export", () => {
  it("answers the caller's identity and, per studio, membership, bookings, passes, orders and consents, as an attachment", async () => {
    const response = await api("GET", "/me/export", { token: ida.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.body;
    expect(data.user).toMatchObject({ id: ida.userId, email: ida.email, displayName: "Ida Holm", dateOfBirth: "1991-02-03", locale: "da", phone: "+45 20 30 40 50" });
    expect(data.studios.map((s: { account: { name: string } }) => s.account.name)).toEqual(["Dance Away", "Yoga Nord"]);
    const nord = data.studios[1];
    expect(nord.membership).toMatchObject({ persona: "attendee", groups: ["Morning crew"], notes: "Knee injury: no deep lunges" });
    expect(data.studios[0].membership.notes).toBeNull();
    expect(nord.bookings.map((b: { booking: { id: string } }) => b.booking.id)).toEqual([pastBookingId, futureBookingId]);
    expect(nord.passes.map((p: { id: string }) => p.id)).toEqual([subscriptionId, passId]);
    expect(nord.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(nord.consents).toEqual({ emailReminders: true, calendarFeed: false });
    expect(data.studios[0]).toMatchObject({ bookings: [], passes: [], orders: [], standingBookings: [] });
    // nobody else's data
    expect(response.text).not.toContain(waiting.userId);
    expect(response.text).not.toContain(home.admin.email);
  });

  it("is a person's own: an API key answers 403, nobody 401", async () => {
    const key = await api("POST", "/api-keys", { token: home.admin.token, body: { name: "Sync" } });
    expect((await api("GET", "/me/export", { token: key.body.secret })).status).toBe(403);
    expect((await api("GET", "/me/export")).status).toBe(401);
  });
});

describe("DELETE /me", () => {
  it("leaves every studio, cancels future bookings (the waitlist fills) and erases the identity; bookkeeping stays", async () => {
    const response = await api("DELETE", "/me", { token: ida.token });
    expect(response.status, response.text).toBe(204);

    const user = await db.user.findUniqueOrThrow({ where: { id: ida.userId } });
    expect(user).toMatchObject({ displayName: "Slettet medlem", dateOfBirth: null, phone: null, locale: null, status: "disabled", emailReminders: false });
    expect(user.email).toMatch(/@erased\.invalid$/);
    expect(user.email).not.toContain("example.com");
    expect(await db.membership.count({ where: { userId: ida.userId } })).toBe(0);
    expect(await db.session.count({ where: { userId: ida.userId } })).toBe(0);
    expect(await db.groupMember.count({ where: { userId: ida.userId } })).toBe(0);
    expect((await api("GET", "/me", { token: ida.token })).status).toBe(401);
    expect((await api("GET", "/me", { token: idaAway })).status).toBe(401);

    // the future booking is cancelled, its credit returned, and the waitlisted attendee takes the place
    const status = async (id: string) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(futureBookingId)).toBe("cancelled_by_studio");
    expect(await remainingOf(passId)).toMatchObject({ remainingClasses: 5 });
    expect(await status(waitlistedId)).toBe("confirmed");

    // what the Bookkeeping Act keeps stays, pointing at the erased identity
    expect(await status(pastBookingId)).toBe("confirmed");
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ userId: ida.userId, receiptNumber: 1 });
    expect(await db.entitlement.count({ where: { id: passId, userId: ida.userId } })).toBe(1);
    // the membership (subscription) is not renewed again: it ends with its paid period
    const subscription = await db.entitlement.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect(subscription.cancelAt).toEqual(subscription.validUntil);
    const orders = await api("GET", "/orders", { token: home.admin.token });
    expect(JSON.stringify(orders.body)).not.toContain(ida.email);

    // nothing waits to be emailed to the erased identity; the studio no longer lists the person
    expect(await db.noticeEmail.count({ where: { userId: ida.userId } })).toBe(0);
    expect(await db.bookingEmail.count({ where: { booking: { attendeeId: ida.userId } } })).toBe(0);
    expect((await api("GET", `/users/${ida.userId}/bookings`, { token: home.admin.token })).status).toBe(404);
  });

  it("lets the address sign up again, as a new person", async () => {
    expect((await api("DELETE", "/me", { token: ida.token })).status).toBe(204);
    const again = await api("POST", `/accounts/${home.accountId}/attendees`, {
      body: { email: ida.email, displayName: "Ida Again" },
      headers: { [CLIENT_ADDRESS_HEADER]: `10.31.0.${++ipCounter}` },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.user).toMatchObject({ email: ida.email, displayName: "Ida Again", dateOfBirth: null });
    expect(again.body.user.id).not.toBe(ida.userId);
  });

  it("names the erased person in the language of the studio it was asked from", async () => {
    expect((await api("DELETE", "/me", { token: idaAway })).status).toBe(204);
    expect(await db.user.findUniqueOrThrow({ where: { id: ida.userId } })).toMatchObject({ displayName: "Deleted member" });
    expect(await db.membership.count({ where: { userId: ida.userId } })).toBe(0);
  });

  it("answers 409 while the caller is a studio's only administrator, and changes nothing", async () => {
    await db.membership.update({
      where: { accountId_userId: { accountId: away.accountId, userId: ida.userId } },
      data: { persona: "administrator" },
    });
    await db.membership.delete({ where: { accountId_userId: { accountId: away.accountId, userId: away.admin.userId } } });
    const refused = await api("DELETE", "/me", { token: ida.token });
    expect(refused).toMatchObject({ status: 409, body: { error: "You are the last administrator of a studio" } });
    expect(await db.membership.count({ where: { userId: ida.userId } })).toBe(2);
    expect((await api("GET", "/me", { token: ida.token })).status).toBe(200);

    // with another administrator there, it goes ahead
    await db.membership.create({ data: { accountId: away.accountId, userId: away.admin.userId, persona: "administrator" } });
    expect((await api("DELETE", "/me", { token: ida.token })).status).toBe(204);
  });

  it("is a person's own: an API key answers 403", async () => {
    const key = await api("POST", "/api-keys", { token: home.admin.token, body: { name: "Sync" } });
    expect((await api("DELETE", "/me", { token: key.body.secret })).status).toBe(403);
  });
});

describe("POST /users/{userId}/erase", () => {
  it("erases a person who belongs to this studio only, in the studio's language", async () => {
    const response = await api("POST", `/users/${waiting.userId}/erase`, { token: home.admin.token });
    expect(response.status, response.text).toBe(204);
    const user = await db.user.findUniqueOrThrow({ where: { id: waiting.userId } });
    expect(user).toMatchObject({ displayName: "Slettet medlem", phone: null, status: "disabled" });
    const importRow = await db.importRow.findFirstOrThrow({ where: { userId: waiting.userId } });
    expect(importRow).toMatchObject({ cells: [], values: {}, kept: [], outcome: "created" });
    expect(await db.importRow.findFirstOrThrow({ where: { userId: home.admin.userId } })).toMatchObject({
      cells: [home.admin.email, "+45 99 88 77 66"],
    });
    expect(user.email).toMatch(/@erased\.invalid$/);
    expect(await db.booking.findUniqueOrThrow({ where: { id: waitlistedId } })).toMatchObject({ status: "cancelled_by_studio" });
    expect((await api("GET", "/me", { token: waiting.token })).status).toBe(401);
    const people = await api("GET", "/users", { token: home.admin.token });
    expect(people.body.map((p: { id: string }) => p.id)).not.toContain(waiting.userId);
  });

  it("answers 409 for a person who belongs to another studio too, and changes nothing", async () => {
    const refused = await api("POST", `/users/${ida.userId}/erase`, { token: home.admin.token });
    expect(refused).toMatchObject({ status: 409, body: { error: "Person belongs to another studio" } });
    expect(await db.user.findUniqueOrThrow({ where: { id: ida.userId } })).toMatchObject({ email: ida.email, displayName: "Ida Holm" });
    expect(await db.membership.count({ where: { userId: ida.userId } })).toBe(2);
  });

  it("answers 409 for oneself, 404 for another studio's person, 403 for an attendee", async () => {
    expect(await api("POST", `/users/${home.admin.userId}/erase`, { token: home.admin.token })).toMatchObject({
      status: 409,
      body: { error: "You cannot remove your active membership" },
    });
    expect(await api("POST", `/users/${away.admin.userId}/erase`, { token: home.admin.token })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: away.admin.userId } })).toMatchObject({ status: "active" });
    expect((await api("POST", `/users/${waiting.userId}/erase`, { token: ida.token })).status).toBe(403);
  });

  it("lets an API key erase, but not the studio's last administrator", async () => {
    const key = await api("POST", "/api-keys", { token: home.admin.token, body: { name: "Sync" } });
    expect((await api("POST", `/users/${waiting.userId}/erase`, { token: key.body.secret })).status).toBe(204);
    expect(await api("POST", `/users/${home.admin.userId}/erase`, { token: key.body.secret })).toMatchObject({
      status: 409,
      body: { error: "You are the last administrator of a studio" },
    });
  });
});

describe("an erased identity's address", () => {
  it("is never handed to a transport", async () => {
    expect((await api("POST", `/users/${waiting.userId}/erase`, { token: home.admin.token })).status).toBe(204);
    const { email } = await db.user.findUniqueOrThrow({ where: { id: waiting.userId } });
    const dir = await mkdtemp(path.join(tmpdir(), "erased-outbox-"));
    await deliverEmail({ id: "erased-test", to: email, locale: "da", subject: "Kvittering", text: "x", html: "x" }, { kind: "outbox", dir });
    expect(await readdir(dir)).toEqual([]);
  });
});
