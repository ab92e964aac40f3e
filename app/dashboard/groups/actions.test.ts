import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { addGroupMemberAction, createGroupAction, deleteGroupAction, removeGroupMemberAction, renameGroupAction } =
  await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

describe("group actions", () => {
  it("creates, renames, fills, empties and deletes a group", async () => {
    expect((await createGroupAction(formData({ name: "  " }))).fieldErrors).toEqual({ name: "Required" });
    expect(await createGroupAction(formData({ name: "Seniors" }))).toEqual({ ok: true, message: "Added Seniors." });
    const group = await db.group.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    const member = await createMember(tenant.accountId, "attendee");
    expect(await renameGroupAction(formData({ groupId: group.id, name: "Seniors 65+" }))).toMatchObject({ ok: true });
    expect(await addGroupMemberAction(formData({ groupId: group.id, userId: member.userId }))).toMatchObject({
      ok: true,
    });
    expect(await db.groupMember.count({ where: { groupId: group.id } })).toBe(1);
    expect(await removeGroupMemberAction(formData({ groupId: group.id, userId: member.userId }))).toMatchObject({
      ok: true,
    });
    expect(await removeGroupMemberAction(formData({ groupId: group.id, userId: member.userId }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await deleteGroupAction(formData({ groupId: group.id }))).toMatchObject({ ok: true });
    expect(await db.group.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("neither adds another studio's member nor touches another studio's group", async () => {
    const other = await createTenant();
    await createGroupAction(formData({ name: "Mine" }));
    const mine = await db.group.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    const theirs = await db.group.create({ data: { accountId: other.accountId, name: "Theirs" } });
    expect(await addGroupMemberAction(formData({ groupId: mine.id, userId: other.admin.userId }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await deleteGroupAction(formData({ groupId: theirs.id }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await renameGroupAction(formData({ groupId: theirs.id, name: "Hijacked" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.group.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ name: "Theirs" });
    expect(await db.groupMember.count({ where: { groupId: mine.id } })).toBe(0);
  });
});
