import { beforeEach, describe, expect, it, vi } from "vitest";
import { grant } from "@/app/api/bookings/booking-test-data";
import { signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { waitForEmails } from "@/tests/helpers/outbox";

vi.mock("next/headers", async () => {
  const testing = await import("@/components/forms/testing");
  return { cookies: testing.fakeCookies, headers: async () => new Headers() };
});
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { cancelMembershipAction } = await import("./actions");

// My bookings' "Cancel membership" (issue 17 §4): POST /me/entitlements/{id}/cancel's function, own memberships only.

let tenant: TestTenant;
let member: TestMember;
const validUntil = new Date("2030-04-01T00:00:00Z");

beforeEach(async () => {
  tenant = await createTenant();
  member = await createMember(tenant.accountId, "attendee");
});

const membership = (owner: TestMember) =>
  grant(tenant.accountId, owner.userId, {
    remainingClasses: null,
    validFrom: new Date("2030-01-01T00:00:00Z"),
    validUntil,
  });

describe("cancelling one's own membership", () => {
  it("cancels at the end of the paid period", async () => {
    const { id } = await membership(member);
    signInAs(member.token);
    expect(await cancelMembershipAction(tenant.slug, { entitlementId: id })).toEqual({
      ok: true,
      message: "Your membership is cancelled.",
    });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id } })).cancelAt).toEqual(validUntil);
  });

  it("emails the member a confirmation that names the last day, once (FAL §28 a)", async () => {
    const { id } = await membership(member);
    signInAs(member.token);
    await cancelMembershipAction(tenant.slug, { entitlementId: id });
    await cancelMembershipAction(tenant.slug, { entitlementId: id }); // twice: one cancellation, one email
    await sendWaitingNoticeEmails();
    // Valid until midnight UTC 1 April 2030, 02.00 in Copenhagen: its last day is 1 April.
    const emails = await waitForEmails(member.email);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.locale).toBe("da");
    expect(email!.subject).toMatch(/er opsagt: sidste dag 1\. apr\. 2030$/);
    expect(email!.text).toContain("Sidste dag er 1. apr. 2030");
  });

  it("does not cancel someone else's, nor without signing in to this studio", async () => {
    const { id } = await membership(await createMember(tenant.accountId, "attendee"));
    signInAs(member.token);
    expect(await cancelMembershipAction(tenant.slug, { entitlementId: id })).toEqual({
      ok: false,
      error: "Resource not found",
      code: "not_found",
    });
    const elsewhere = await createTenant();
    expect(await cancelMembershipAction(elsewhere.slug, { entitlementId: id })).toMatchObject({
      ok: false,
      code: "authentication_required",
    });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id } })).cancelAt).toBeNull();
  });
});
