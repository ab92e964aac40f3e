import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { changePersonaAction, grantPassAction, inviteUserAction, removeMembershipAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

describe("people actions", () => {
  it("invites with the API's schema: field errors, then success, then the 409 message", async () => {
    expect(await inviteUserAction(formData({ email: "nope", displayName: " ", persona: "attendee" }))).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { email: "Enter an email address such as ida@example.com", displayName: "Required" },
    });
    const invite = formData({ email: " Ida@Example.com ", displayName: "Ida Holm", persona: "attendee" });
    expect(await inviteUserAction(invite)).toMatchObject({ ok: true });
    const membership = await db.membership.findFirst({
      where: { accountId: tenant.accountId, user: { email: "ida@example.com" } },
    });
    expect(membership?.persona).toBe("attendee");
    expect(await inviteUserAction(invite)).toEqual({ ok: false, error: "User already participates in this account" });
  });

  it("refuses to remove the viewer's own membership and keeps the last administrator", async () => {
    expect(await removeMembershipAction(formData({ userId: tenant.admin.userId }))).toEqual({
      ok: false,
      error: "You cannot remove your active membership",
    });
    expect(await changePersonaAction(formData({ userId: tenant.admin.userId, persona: "attendee" }))).toMatchObject({
      ok: false,
      fieldErrors: { persona: "The account needs at least one administrator" },
    });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, persona: "administrator" } })).toBe(1);
  });

  it("removes another member", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    expect(await removeMembershipAction(formData({ userId: member.userId }))).toMatchObject({ ok: true });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, userId: member.userId } })).toBe(0);
  });

  it("cannot reach another studio's people or products, and changes nothing there", async () => {
    const other = await createTenant();
    const product = await db.product.create({
      data: {
        accountId: other.accountId,
        type: "drop_in",
        name: "Other drop-in",
        prices: { create: { accountId: other.accountId, amount: 100, currency: "DKK", position: 0 } },
      },
    });
    const member = await createMember(tenant.accountId, "attendee");
    expect(await removeMembershipAction(formData({ userId: other.admin.userId }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await grantPassAction(formData({ userId: member.userId, productId: product.id }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.membership.count({ where: { accountId: other.accountId } })).toBe(1);
    expect(await db.order.count()).toBe(0);
  });

  it("grants a pass at the desk as a paid desk order", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const product = await db.product.create({
      data: {
        accountId: tenant.accountId,
        type: "class_pass",
        name: "5 classes",
        classAllowance: 5,
        prices: { create: { accountId: tenant.accountId, amount: 50000, currency: "DKK", position: 0 } },
      },
    });
    const state = await grantPassAction(formData({ userId: member.userId, productId: product.id, note: "Cash" }));
    expect(state).toMatchObject({ ok: true });
    expect(await db.order.findFirst({ where: { userId: member.userId } })).toMatchObject({
      provider: "desk",
      status: "paid",
      amount: 50000,
    });
  });

  it("shows attendees and signed-out visitors the not-found page instead of acting", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    for (const token of [attendee.token, undefined, "not-a-session"]) {
      signInAs(token);
      await expect(
        inviteUserAction(formData({ email: "x@example.com", displayName: "X", persona: "administrator" })),
      ).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    }
    expect(await db.user.count({ where: { email: "x@example.com" } })).toBe(0);
  });
});
