import { beforeEach, describe, expect, it, vi } from "vitest";
import { createClass, grant, setPolicy } from "@/app/api/bookings/booking-test-data";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { sendWaitingBookingEmails } from "@/tests/helpers/app-drains";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { cancelMembershipAction, pauseMembershipAction, resumeMembershipAction } = await import("./membership-actions");

// The person page's membership buttons (issue 17 §4) run POST /entitlements/{id}/cancel|pause|resume's
// functions. A membership of the first quarter of 2030 and pauses within it: nothing depends on today.

let tenant: TestTenant;
let userId: string;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
  userId = (await createMember(tenant.accountId, "attendee")).userId;
});

const at = (iso: string) => new Date(iso);
const membership = (accountId = tenant.accountId, owner = userId) =>
  grant(accountId, owner, {
    remainingClasses: null,
    validFrom: at("2030-01-01T00:00:00Z"),
    validUntil: at("2030-04-01T00:00:00Z"),
  });
const stored = (id: string) => db.entitlement.findUniqueOrThrow({ where: { id } });

describe("cancel membership", () => {
  it("sets cancelAt to the end of the paid period, once", async () => {
    const { id } = await membership();
    const form = formData({ entitlementId: id, userId });
    expect(await cancelMembershipAction(form)).toEqual({
      ok: true,
      message: "The membership is cancelled: it stays usable until the end of the paid period.",
    });
    expect((await stored(id)).cancelAt).toEqual(at("2030-04-01T00:00:00Z"));
    expect(await cancelMembershipAction(form)).toMatchObject({ ok: true });
  });

  it("refuses a class pass and another studio's membership", async () => {
    const pass = await grant(tenant.accountId, userId, { remainingClasses: 5 });
    expect(await cancelMembershipAction(formData({ entitlementId: pass.id, userId }))).toEqual({
      ok: false,
      error: "Entitlement is not a subscription",
    });
    const other = await createTenant();
    const theirs = await membership(other.accountId, other.admin.userId);
    expect(await cancelMembershipAction(formData({ entitlementId: theirs.id, userId }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect((await stored(theirs.id)).cancelAt).toBeNull();
  });
});

describe("pause and resume membership", () => {
  it("pauses from/until, shows the reasons a pause is refused at its fields, and resumes", async () => {
    const { id } = await membership();
    const pause = (from: string, until: string) =>
      pauseMembershipAction(formData({ entitlementId: id, userId, from, until }));
    expect(await pause("2030-02-10", "2030-02-01")).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { until: "The day it is back must be after the first paused day" },
    });
    expect(await pause("", "")).toMatchObject({ ok: false, fieldErrors: { from: "Required", until: "Required" } });
    expect(await pause("2030-02-01", "2030-02-15")).toEqual({ ok: true, message: "The membership is paused." });
    expect(await stored(id)).toMatchObject({
      pausedFrom: at("2030-02-01T00:00:00Z"),
      pausedUntil: at("2030-02-15T00:00:00Z"),
      validUntil: at("2030-04-15T00:00:00Z"),
    });
    expect(await pause("2030-02-10", "2030-02-20")).toMatchObject({
      ok: false,
      fieldErrors: { from: "Overlaps the pause from Feb 1, 2030 until Feb 15, 2030" },
    });
    expect(await pause("2030-05-01", "2030-05-10")).toMatchObject({
      ok: false,
      fieldErrors: { from: expect.any(String) },
    });

    // resumed before it starts (today is before 2030): the pause goes, its days with it
    expect(await resumeMembershipAction(formData({ entitlementId: id, userId }))).toEqual({
      ok: true,
      message: "The membership is resumed.",
    });
    expect(await stored(id)).toMatchObject({
      pausedFrom: null,
      pausedUntil: null,
      validUntil: at("2030-04-01T00:00:00Z"),
    });
    expect(await resumeMembershipAction(formData({ entitlementId: id, userId }))).toEqual({
      ok: false,
      error: "Entitlement is not paused",
    });
  });

  it("cancels the member's bookings on the paused days, giving the credit back, and says how many", async () => {
    await setPolicy(tenant.accountId, { opensDaysBefore: 5000 });
    const member = await createMember(tenant.accountId, "attendee");
    const pass = await grant(tenant.accountId, member.userId, {
      remainingClasses: 8,
      validFrom: at("2030-01-01T00:00:00Z"),
      validUntil: at("2030-04-01T00:00:00Z"),
    });
    const lessons = await Promise.all(
      ["2030-02-03T09:00:00Z", "2030-02-10T09:00:00Z", "2030-02-20T09:00:00Z"].map((startsAt) =>
        createClass(tenant.accountId, { startsAt: at(startsAt), title: "Yin" }),
      ),
    );
    const booked: string[] = [];
    for (const lesson of lessons) {
      const response = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      booked.push(response.body.id as string);
    }

    await holdJobs(); // the emails stay in the outbox table: this test sends them itself
    const form = formData({ entitlementId: pass.id, userId: member.userId, from: "2030-02-01", until: "2030-02-15" });
    expect(await pauseMembershipAction(form)).toEqual({
      ok: true,
      message: "The membership is paused. 2 bookings in the pause are cancelled.",
    });
    const statuses = await Promise.all(
      booked.map(async (id) => (await db.booking.findUniqueOrThrow({ where: { id } })).status),
    );
    expect(statuses).toEqual(["cancelled_by_studio", "cancelled_by_studio", "confirmed"]);
    expect((await stored(pass.id)).remainingClasses).toBe(7);
    const queued = await db.bookingEmail.findMany({ where: { bookingId: { in: booked }, kind: "membership_paused" } });
    expect(queued.map((email) => email.bookingId).sort()).toEqual(booked.slice(0, 2).sort());
    await sendWaitingBookingEmails();
    const sent = readOutbox().filter((email) => email.to === member.email && /^Booking afmeldt: Yin, /.test(email.subject));
    expect(sent.every((email) => /medlemskab er sat på pause/.test(email.text))).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it("does not pause another studio's membership", async () => {
    const other = await createTenant();
    const theirs = await membership(other.accountId, other.admin.userId);
    expect(
      await pauseMembershipAction(
        formData({ entitlementId: theirs.id, userId, from: "2030-02-01", until: "2030-02-15" }),
      ),
    ).toEqual({ ok: false, error: "Resource not found" });
  });
});
