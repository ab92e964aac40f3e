import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createClass, DAY, grant, remainingOf } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// Issue 45 §2: a guardian's erasure takes their household with it (decision 0038): the children's
// future bookings cancelled (credit back, the place to the waitlist), their past ones kept pointing
// at an erased identity, their name, date of birth and address gone; a child no longer outlives
// the guardian with their personal data, whether the guardian asks (DELETE /me) or the studio does.

let tenant: TestTenant;
let other: TestTenant;
let nanna: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  other = await createTenant();
  nanna = await createMember(tenant.accountId, "attendee", { displayName: "Nanna Søndergaard" });
});

async function addChild(guardian: TestMember, displayName: string) {
  const response = await api("POST", "/me/dependants", {
    token: guardian.token,
    body: { displayName, dateOfBirth: "2019-03-14" },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

/** Liva with a pass, booked on a class next week and on one last week; Ida, removed from the studio before. */
async function household() {
  const liva = await addChild(nanna, "Liva Søndergaard");
  const ida = await addChild(nanna, "Ida Søndergaard");
  expect((await api("DELETE", `/me/dependants/${ida.id}`, { token: nanna.token })).status).toBe(204);
  const pass = await grant(tenant.accountId, liva.id, { remainingClasses: 5 });
  const soon = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 7 * DAY), capacity: 1 });
  const past = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - 7 * DAY) });
  const booked = await api("POST", "/bookings", { token: nanna.token, body: { instanceId: soon.id, attendeeId: liva.id } });
  expect(booked.status, booked.text).toBe(201);
  const waiting = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, waiting.userId);
  const queued = await api("POST", "/bookings", { token: waiting.token, body: { instanceId: soon.id, waitlist: true } });
  expect(queued.body).toMatchObject({ status: "waitlisted" });
  const history = await db.booking.create({
    data: { accountId: tenant.accountId, instanceId: past.id, attendeeId: liva.id, status: "confirmed", attendance: "attended" },
  });
  return { liva, ida, passId: pass.id, futureId: booked.body.id as string, waitlistedId: queued.body.id as string, pastId: history.id };
}

async function expectHouseholdErased(found: Awaited<ReturnType<typeof household>>) {
  for (const childId of [found.liva.id, found.ida.id]) {
    const child = await db.user.findUniqueOrThrow({ where: { id: childId } });
    expect(child).toMatchObject({ displayName: "Slettet medlem", dateOfBirth: null, phone: null, status: "disabled" });
    expect(child.email).toMatch(/@erased\.invalid$/);
    expect(await db.membership.count({ where: { userId: childId } })).toBe(0);
  }
  const status = async (id: string) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;
  expect(await status(found.futureId)).toBe("cancelled_by_studio");
  expect(await remainingOf(found.passId)).toMatchObject({ remainingClasses: 5 });
  expect(await status(found.waitlistedId)).toBe("confirmed");
  // the class Liva went to stays in the studio's history, pointing at the erased identity
  expect(await db.booking.findUniqueOrThrow({ where: { id: found.pastId } })).toMatchObject({
    attendeeId: found.liva.id,
    status: "confirmed",
  });
  const people = await api("GET", `/users?q=${encodeURIComponent("Søndergaard")}`, { token: tenant.admin.token });
  expect(people.body).toEqual([]);
}

describe("DELETE /me of a guardian", () => {
  it("erases their children with them: future bookings cancelled, past kept, personal data gone", async () => {
    const found = await household();
    const response = await api("DELETE", "/me", { token: nanna.token });
    expect(response.status, response.text).toBe(204);
    expect(await db.user.findUniqueOrThrow({ where: { id: nanna.userId } })).toMatchObject({ displayName: "Slettet medlem" });
    await expectHouseholdErased(found);
  });

  it("changes nothing for the children when the guardian may not leave (the studio's last administrator)", async () => {
    const child = await addChild(tenant.admin, "Karl Admin");
    const response = await api("DELETE", "/me", { token: tenant.admin.token });
    expect(response.status).toBe(409);
    expect(await db.user.findUniqueOrThrow({ where: { id: child.id } })).toMatchObject({
      displayName: "Karl Admin",
      status: "active",
    });
    expect(await db.membership.count({ where: { userId: child.id } })).toBe(1);
  });

  it("leaves other people's children alone", async () => {
    const neighbour = await createMember(tenant.accountId, "attendee");
    const theirs = await addChild(neighbour, "Bo Nabo");
    await addChild(nanna, "Liva Søndergaard");
    expect((await api("DELETE", "/me", { token: nanna.token })).status).toBe(204);
    expect(await db.user.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      displayName: "Bo Nabo",
      status: "active",
    });
  });
});

describe("POST /users/{userId}/erase of a guardian", () => {
  it("erases their children with them, as DELETE /me does", async () => {
    const found = await household();
    const response = await api("POST", `/users/${nanna.userId}/erase`, { token: tenant.admin.token });
    expect(response.status, response.text).toBe(204);
    expect(await db.user.findUniqueOrThrow({ where: { id: nanna.userId } })).toMatchObject({ status: "disabled" });
    await expectHouseholdErased(found);
  });

  it("answers 409 when a child belongs to another studio too, and changes nothing", async () => {
    const liva = await addChild(nanna, "Liva Søndergaard");
    await db.membership.create({ data: { accountId: other.accountId, userId: liva.id, persona: "attendee" } });
    const response = await api("POST", `/users/${nanna.userId}/erase`, { token: tenant.admin.token });
    expect(response).toMatchObject({ status: 409, body: { error: "Person belongs to another studio" } });
    expect(await db.user.findUniqueOrThrow({ where: { id: liva.id } })).toMatchObject({ displayName: "Liva Søndergaard" });
    expect(await db.user.findUniqueOrThrow({ where: { id: nanna.userId } })).toMatchObject({ status: "active" });
  });
});
