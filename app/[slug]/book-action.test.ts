import { beforeEach, describe, expect, it, vi } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

// The studio's own site books through studioAction (member level): the same choice as POST /bookings
// (createBooking: one's own, a dependant's or a guest's), refusals in the page's words with their code.

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { bookAction, cancelAction } = await import("./actions");
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
