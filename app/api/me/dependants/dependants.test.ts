import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dependantEmail } from "@/lib/users/stand-in-addresses";
import { createClass, DAY, grant } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";

// Dependants (issue 33 §1, decision 0038): a parent adds a child, books and buys for them, sees their
// bookings and passes, and gets their emails; nobody else reaches the child. Ages are counted from
// today in the studio's timezone, so no test depends on the day it runs.

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

const today = () => DateTime.now().setZone("Europe/Copenhagen").startOf("day");
const bornYearsAgo = (years: number) => today().minus({ years, days: 30 }).toISODate()!;

async function addChild(guardian: TestMember, displayName = "Ida Holm", years = 8) {
  const response = await api("POST", "/me/dependants", {
    token: guardian.token,
    body: { displayName, dateOfBirth: bornYearsAgo(years) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string };
}

const book = (member: TestMember, instanceId: string, attendeeId?: string) =>
  api("POST", "/bookings", { token: member.token, body: { instanceId, ...(attendeeId ? { attendeeId } : {}) } });

describe("POST, GET, PATCH and DELETE /me/dependants", () => {
  it("adds a child who has no email, is active, names the guardian and is an attendee of the studio", async () => {
    const mette = await createMember(tenant.accountId, "attendee", { displayName: "Mette Holm" });
    const response = await api("POST", "/me/dependants", {
      token: mette.token,
      body: { displayName: "Ida Holm", dateOfBirth: "2018-05-02" },
    });
    expect(response).toMatchObject({
      status: 201,
      body: {
        id: expect.any(String),
        email: null,
        displayName: "Ida Holm",
        status: "active",
        dateOfBirth: "2018-05-02",
        guardianId: mette.userId,
      },
    });
    const membership = await db.membership.findFirst({ where: { userId: response.body.id } });
    expect(membership).toMatchObject({ accountId: tenant.accountId, persona: "attendee" });

    const listed = await api("GET", "/me/dependants", { token: mette.token });
    expect(listed).toMatchObject({ status: 200, body: [response.body] });
    // the administrator's people list shows the child with their guardian and without an email
    const people = await api("GET", `/users?q=${encodeURIComponent("Ida Holm")}`, { token: tenant.admin.token });
    expect(people.body).toContainEqual(
      expect.objectContaining({ id: response.body.id, email: null, guardianId: mette.userId }),
    );
  });

  it("renames and corrects the date of birth; a date of birth is required and nothing to change is 400", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian, "Bo");
    const renamed = await api("PATCH", `/me/dependants/${child.id}`, {
      token: guardian.token,
      body: { displayName: "Bo Holm", dateOfBirth: "2019-01-31" },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id: child.id, displayName: "Bo Holm", dateOfBirth: "2019-01-31" },
    });
    expect((await api("PATCH", `/me/dependants/${child.id}`, { token: guardian.token, body: {} })).status).toBe(400);
    expect(
      (await api("POST", "/me/dependants", { token: guardian.token, body: { displayName: "No birthday" } })).status,
    ).toBe(400);
  });

  it("answers 404 to anyone but the guardian, and in another studio", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian);
    const stranger = await createMember(tenant.accountId, "attendee");
    const elsewhere = await createMember(other.accountId, "attendee");
    for (const member of [stranger, elsewhere, tenant.admin]) {
      const patch = await api("PATCH", `/me/dependants/${child.id}`, {
        token: member.token,
        body: { displayName: "X" },
      });
      expect(patch).toMatchObject({ status: 404, body: { error: "Resource not found" } });
      expect((await api("DELETE", `/me/dependants/${child.id}`, { token: member.token })).status).toBe(404);
      expect((await api("GET", "/me/dependants", { token: member.token })).body).toEqual([]);
    }
  });

  it("removes a child: future bookings cancelled with the credit back, past ones kept, no longer listed or bookable", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian);
    const pass = await grant(tenant.accountId, child.id, { remainingClasses: 5 });
    const soon = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const past = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - 2 * DAY) });
    expect((await book(guardian, soon.id, child.id)).status).toBe(201);
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: past.id,
        attendeeId: child.id,
        status: "confirmed",
        attendance: "attended",
      },
    });

    expect((await api("DELETE", `/me/dependants/${child.id}`, { token: guardian.token })).status).toBe(204);
    expect((await api("GET", "/me/dependants", { token: guardian.token })).body).toEqual([]);
    const bookings = await db.booking.findMany({ where: { attendeeId: child.id }, orderBy: { createdAt: "asc" } });
    expect(bookings.map((b) => [b.instanceId, b.status])).toEqual(
      expect.arrayContaining([
        [soon.id, "cancelled_by_studio"],
        [past.id, "confirmed"],
      ]),
    );
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: pass.id } })).remainingClasses).toBe(5);
    expect((await book(guardian, soon.id, child.id)).status).toBe(404);
  });

  it("lets an administrator add a child to a member at the desk; 404 for someone of another studio; 403 for an attendee", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const body = { displayName: "Karl", dateOfBirth: bornYearsAgo(6) };
    const added = await api("POST", `/users/${guardian.userId}/dependants`, { token: tenant.admin.token, body });
    expect(added).toMatchObject({ status: 201, body: { guardianId: guardian.userId, email: null } });
    expect((await api("GET", "/me/dependants", { token: guardian.token })).body).toEqual([added.body]);

    const elsewhere = await createMember(other.accountId, "attendee");
    expect(
      (await api("POST", `/users/${elsewhere.userId}/dependants`, { token: tenant.admin.token, body })).status,
    ).toBe(404);
    expect((await api("POST", `/users/${guardian.userId}/dependants`, { token: guardian.token, body })).status).toBe(
      403,
    );
  });

  it("never lets a dependant sign in: no magic link for its reserved address", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian);
    const response = await api("POST", "/auth/magic-links", {
      body: { email: dependantEmail(child.id), accountId: tenant.accountId },
    });
    expect(response.status).toBe(404);
    expect(await db.magicLink.count({ where: { userId: child.id } })).toBe(0);
  });
});

describe("a guardian books for their child", () => {
  it("books with the child's pass; anyone else's attendeeId stays 403; /me/bookings and /me/entitlements show the child's", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian);
    const pass = await grant(tenant.accountId, child.id, { remainingClasses: 3 });
    const dance = await createClass(tenant.accountId);

    const booked = await book(guardian, dance.id, child.id);
    expect(booked).toMatchObject({
      status: 201,
      body: { attendeeId: child.id, status: "confirmed", entitlementId: pass.id },
    });

    const stranger = await createMember(tenant.accountId, "attendee");
    const otherClass = await createClass(tenant.accountId);
    expect(await book(stranger, otherClass.id, child.id)).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });

    const mine = await api("GET", "/me/bookings", { token: guardian.token });
    expect(mine.body.map((row: { booking: { attendeeId: string } }) => row.booking.attendeeId)).toEqual([child.id]);
    const passes = await api("GET", "/me/entitlements", { token: guardian.token });
    expect(passes.body).toEqual([expect.objectContaining({ id: pass.id, userId: child.id })]);
    expect((await api("GET", "/me/bookings", { token: stranger.token })).body).toEqual([]);
  });

  it("emails the child's confirmation to the guardian, in the guardian's language", async () => {
    const guardian = await createMember(tenant.accountId, "attendee", { displayName: "Mette Holm" });
    expect((await api("PATCH", "/me", { token: guardian.token, body: { locale: "en" } })).status).toBe(200);
    const child = await addChild(guardian, "Ida Holm");
    await grant(tenant.accountId, child.id);
    const dance = await createClass(tenant.accountId, { title: "Children's dance" });
    expect((await book(guardian, dance.id, child.id)).status).toBe(201);

    const [email] = await waitForEmails(guardian.email);
    expect(email).toMatchObject({ locale: "en" });
    expect(email!.text).toContain("Children's dance");
    expect(email!.text).toContain("Hi Mette, Ida's place on Children's dance is booked.");
  });

  it("cancels the child's booking; a stranger finds none (404)", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const child = await addChild(guardian);
    const pass = await grant(tenant.accountId, child.id, { remainingClasses: 2 });
    const dance = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY) });
    const booked = await book(guardian, dance.id, child.id);
    const stranger = await createMember(tenant.accountId, "attendee");
    expect((await api("DELETE", `/bookings/${booked.body.id}`, { token: stranger.token })).status).toBe(404);
    expect(await api("DELETE", `/bookings/${booked.body.id}`, { token: guardian.token })).toMatchObject({
      status: 200,
      body: { status: "cancelled" },
    });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: pass.id } })).remainingClasses).toBe(2);
  });
});

describe("POST /checkout and /checkout/quote for a child (forUserId)", () => {
  async function danceProduct() {
    const response = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        name: "Børnedans",
        type: "class_pass",
        classAllowance: 10,
        status: "active",
        prices: [
          { amount: 100000, currency: "DKK" },
          { amount: 60000, currency: "DKK", maxAge: 12 },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; prices: { id: string }[] };
  }

  it("sells the child price on the child's age: the child's pass and order, the guardian's receipt", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    expect((await api("PATCH", "/me", { token: guardian.token, body: { dateOfBirth: bornYearsAgo(40) } })).status).toBe(
      200,
    );
    const child = await addChild(guardian, "Ida Holm", 8);
    const product = await danceProduct();
    const childPrice = { productId: product.id, priceId: product.prices[1]!.id };

    expect(await api("POST", "/checkout", { token: guardian.token, body: childPrice })).toMatchObject({
      status: 409,
      body: { error: "Not eligible for this price" },
    });
    expect(
      await api("POST", "/checkout/quote", { token: guardian.token, body: { ...childPrice, forUserId: child.id } }),
    ).toMatchObject({ status: 200, body: { total: 60000 } });

    const bought = await api("POST", "/checkout", {
      token: guardian.token,
      body: { ...childPrice, forUserId: child.id },
    });
    expect(bought).toMatchObject({
      status: 201,
      body: { order: { userId: child.id, amount: 60000, status: "paid" }, entitlement: { userId: child.id } },
    });
    const [receipt] = await waitForEmails(guardian.email);
    expect(receipt!.attachments?.[0]?.contentType).toBe("application/pdf");
    expect((await api("GET", "/me/orders", { token: guardian.token })).body).toEqual([
      expect.objectContaining({ id: bought.body.order.id }),
    ]);

    // the pass the guardian bought books the child
    const dance = await createClass(tenant.accountId);
    expect(await book(guardian, dance.id, child.id)).toMatchObject({
      status: 201,
      body: { entitlementId: bought.body.entitlement.id },
    });
  });

  it("refuses a child too old for the price, and anyone else's dependant (403)", async () => {
    const guardian = await createMember(tenant.accountId, "attendee");
    const teenager = await addChild(guardian, "Sofie", 14);
    const product = await danceProduct();
    const childPrice = { productId: product.id, priceId: product.prices[1]!.id };
    expect(
      await api("POST", "/checkout", { token: guardian.token, body: { ...childPrice, forUserId: teenager.id } }),
    ).toMatchObject({ status: 409, body: { error: "Not eligible for this price" } });

    const stranger = await createMember(tenant.accountId, "attendee");
    for (const path of ["/checkout", "/checkout/quote"])
      expect(
        await api("POST", path, { token: stranger.token, body: { ...childPrice, forUserId: teenager.id } }),
      ).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect(
      await api("POST", "/checkout", { token: stranger.token, body: { ...childPrice, forUserId: guardian.userId } }),
    ).toMatchObject({ status: 403 });
  });
});
