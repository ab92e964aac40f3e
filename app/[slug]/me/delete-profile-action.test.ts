import { beforeEach, describe, expect, it, vi } from "vitest";
import { signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// "Delete my profile" on the member's page: DELETE /me's own function, then signed out.

const deleted: string[] = [];
vi.mock("next/headers", async () => {
  const testing = await import("@/components/forms/testing");
  return {
    cookies: async () => ({ ...(await testing.fakeCookies()), delete: (name: string) => deleted.push(name) }),
    headers: async () => new Headers(),
  };
});
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { deleteProfileAction } = await import("./settings-actions");

let tenant: TestTenant;
let member: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  member = await createMember(tenant.accountId, "attendee", { displayName: "Mette Mo" });
  deleted.length = 0;
});

describe("deleteProfileAction", () => {
  it("erases the member, clears the session cookies and comes back to the page saying so", async () => {
    signInAs(member.token);
    const error = (await deleteProfileAction(tenant.slug).then(
      () => null,
      (thrown: unknown) => thrown,
    )) as { digest?: string } | null;
    expect(error?.digest).toMatch(new RegExp(`^NEXT_REDIRECT;\\w+;/${tenant.slug}/me\\?profile=deleted;`));
    expect(deleted).toEqual(expect.arrayContaining(["session"]));
    const user = await db.user.findUniqueOrThrow({ where: { id: member.userId } });
    expect(user).toMatchObject({ displayName: "Slettet medlem", status: "disabled" });
    expect(await db.session.count({ where: { userId: member.userId } })).toBe(0);
  });

  it("tells the studio's last administrator why not, and changes nothing", async () => {
    signInAs(tenant.admin.token);
    expect(await deleteProfileAction(tenant.slug)).toEqual({
      ok: false,
      error: "You are the last administrator of a studio",
      code: "sole_administrator",
    });
    expect(await db.membership.count({ where: { userId: tenant.admin.userId } })).toBe(1);
  });

  it("asks a visitor who is not signed in to sign in", async () => {
    signInAs(undefined);
    expect(await deleteProfileAction(tenant.slug)).toEqual({
      ok: false,
      error: "Authentication required",
      code: "authentication_required",
    });
  });
});
