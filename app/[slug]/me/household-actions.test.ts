import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

// The children section's forms (studioFormAction): they answer nothing and come back to the page,
// whose address says what happened, a refusal (signed out, bad input) included.

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { addChildAction, removeChildAction } = await import("./household-actions");

let tenant: TestTenant;
let parent: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  parent = await createMember(tenant.accountId, "attendee");
});

const children = (outcome: string) => `/${tenant.slug}/me?children=${outcome}#children`;

describe("the children section", () => {
  it("adds a child and removes them again", async () => {
    signInAs(parent.token);
    const added = addChildAction(tenant.slug, formData({ displayName: " Ida ", dateOfBirth: "2018-05-01" }));
    expect(await redirectOf(added)).toBe(children("added"));
    const child = await db.user.findFirstOrThrow({ where: { guardianId: parent.userId } });
    expect(child.displayName).toBe("Ida");
    expect(await redirectOf(removeChildAction(tenant.slug, { userId: child.id }))).toBe(children("removed"));
  });

  it("says invalid for bad input or a visitor who is not signed in, and adds nobody", async () => {
    signInAs(parent.token);
    expect(await redirectOf(addChildAction(tenant.slug, formData({ displayName: "", dateOfBirth: "x" })))).toBe(
      children("invalid"),
    );
    signInAs(undefined);
    const signedOut = addChildAction(tenant.slug, formData({ displayName: "Ida", dateOfBirth: "2018-05-01" }));
    expect(await redirectOf(signedOut)).toBe(children("invalid"));
    expect(await db.user.count({ where: { guardianId: parent.userId } })).toBe(0);
  });

  it("removing someone who is not one's child removes nothing and says removed", async () => {
    const stranger = await createMember(tenant.accountId, "attendee");
    signInAs(parent.token);
    expect(await redirectOf(removeChildAction(tenant.slug, { userId: stranger.userId }))).toBe(children("removed"));
    expect(await db.user.findUniqueOrThrow({ where: { id: stranger.userId } })).toMatchObject({ status: "active" });
  });
});
