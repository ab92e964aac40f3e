import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

// The studio's own site books through studioAction (member level): the same choice as POST /bookings
// (createBooking: one's own, a dependant's or a guest's), refusals in the page's words with their code.

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { bookAction, buyAction, cancelAction } = await import("./actions");
const { setEmailRemindersAction } = await import("./me/settings-actions");

let tenant: TestTenant;
let member: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  member = await createMember(tenant.accountId, "attendee");
});

describe("bookAction", () => {
  it("books the member's own place, and cancels it", async () => {
    await grant(tenant.accountId, member.userId, { remainingClasses: 5 });
    const yoga = await createClass(tenant.accountId);
    signInAs(member.token);
    expect(await bookAction(tenant.slug, { instanceId: yoga.id })).toEqual({
      ok: true,
      message: "Booked. See you there!",
    });
    const booking = await db.booking.findFirstOrThrow({ where: { instanceId: yoga.id, attendeeId: member.userId } });
    expect(booking.status).toBe("confirmed");
    expect(await cancelAction(tenant.slug, { bookingId: booking.id })).toMatchObject({ ok: true });
  });

  it("brings a guest (guest.displayName) with a credit of the member's pass", async () => {
    const policy = await api("PATCH", "/account", {
      token: tenant.admin.token,
      body: { bookingPolicy: { guestsPerBooking: 1 } },
    });
    expect(policy.status).toBe(200);
    const pass = await grant(tenant.accountId, member.userId, { remainingClasses: 5 });
    const yoga = await createClass(tenant.accountId);
    signInAs(member.token);
    const result = await bookAction(tenant.slug, { instanceId: yoga.id, guest: { displayName: "Sofie Berg" } });
    expect(result).toMatchObject({ ok: true });
    const [booking] = await db.booking.findMany({ where: { instanceId: yoga.id } });
    expect(booking).toMatchObject({ entitlementId: pass.id, guestOfId: member.userId });
    expect(booking!.attendeeId).not.toBe(member.userId);
  });

  it("says why not with the refusal's code: no pass, or not signed in to this studio", async () => {
    const yoga = await createClass(tenant.accountId);
    signInAs(member.token);
    expect(await bookAction(tenant.slug, { instanceId: yoga.id })).toEqual({
      ok: false,
      error: "No valid entitlement",
      code: "no_valid_entitlement",
    });
    const elsewhere = await createTenant();
    expect(await bookAction(elsewhere.slug, { instanceId: yoga.id })).toEqual({
      ok: false,
      error: "Authentication required",
      code: "authentication_required",
    });
    expect(await db.booking.count({ where: { instanceId: yoga.id } })).toBe(0);
  });
});

describe("booking for a child without a pass", () => {
  async function addChild(displayName: string) {
    const response = await api("POST", "/me/dependants", {
      token: member.token,
      body: { displayName, dateOfBirth: "2017-03-14" },
    });
    expect(response.status, response.text).toBe(201);
    return response.body as { id: string };
  }

  afterEach(() => setTestPageLanguage("en"));

  it("names the child and links to buying a pass for them that comes back to the class", async () => {
    const liva = await addChild("Liva");
    const dance = await createClass(tenant.accountId);
    signInAs(member.token);
    const passes = `/${tenant.slug}/passes?${new URLSearchParams({ for: liva.id, returnTo: `/${tenant.slug}/classes/${dance.id}` })}`;
    expect(await bookAction(tenant.slug, { instanceId: dance.id, attendeeId: liva.id })).toEqual({
      ok: false,
      error: "Liva has no pass that covers this class.",
      code: "no_valid_entitlement",
      buy: { label: "Buy for Liva", href: passes },
    });
    setTestPageLanguage("da");
    expect(await bookAction(tenant.slug, { instanceId: dance.id, attendeeId: liva.id })).toMatchObject({
      ok: false,
      error: "Liva har intet klippekort, der gælder holdet.",
      buy: { label: "Køb til Liva", href: passes },
    });
    expect(await db.booking.count({ where: { instanceId: dance.id } })).toBe(0);
  });

  it("books the child once the pass bought for them (the link's `for`) is theirs", async () => {
    const liva = await addChild("Liva");
    const dance = await createClass(tenant.accountId);
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        name: "Børnedans",
        status: "active",
        classAllowance: 10,
        validityDays: 90,
        prices: [{ amount: 70000, currency: "DKK" }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const pass = created.body as { id: string; prices: { id: string }[] };
    signInAs(member.token);
    const classPath = `/${tenant.slug}/classes/${dance.id}`;
    const paid = buyAction(tenant.slug, {
      productId: pass.id,
      priceId: pass.prices[0]!.id,
      forUserId: liva.id,
      returnTo: classPath,
      startNow: true,
    });
    expect(await redirectOf(paid)).toBe(`${classPath}?bought=1`);
    expect(await bookAction(tenant.slug, { instanceId: dance.id, attendeeId: liva.id })).toMatchObject({ ok: true });
    expect(await db.booking.findFirstOrThrow({ where: { instanceId: dance.id } })).toMatchObject({
      attendeeId: liva.id,
      status: "confirmed",
    });
  });

  it("the member's own refusal stays the plain one, without a link", async () => {
    await addChild("Liva");
    const dance = await createClass(tenant.accountId);
    signInAs(member.token);
    expect(await bookAction(tenant.slug, { instanceId: dance.id, attendeeId: member.userId })).toEqual({
      ok: false,
      error: "No valid entitlement",
      code: "no_valid_entitlement",
    });
  });
});

describe("a form without state of its own (studioFormAction)", () => {
  it("goes to the page that says what happened, and there too when signed out", async () => {
    signInAs(member.token);
    expect(await redirectOf(setEmailRemindersAction(tenant.slug, { emailReminders: false }))).toBe(
      `/${tenant.slug}/me?reminders=off#reminders`,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: member.userId } })).emailReminders).toBe(false);
    signInAs(undefined);
    expect(await redirectOf(setEmailRemindersAction(tenant.slug, { emailReminders: true }))).toBe(
      `/${tenant.slug}/me?reminders=on#reminders`,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: member.userId } })).emailReminders).toBe(false);
  });
});
