import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createLocationAction, setLocationStatusAction, updateLocationAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

describe("location actions", () => {
  it("validates with the API schema, creates, edits and archives", async () => {
    expect(
      (await createLocationAction(formData({ name: "Studio 1", address: "", capacity: "0" }))).fieldErrors,
    ).toEqual({
      capacity: "Must be at least 1",
    });
    expect(await createLocationAction(formData({ name: " Studio 1 ", address: "Main St 1", capacity: "" }))).toEqual({
      ok: true,
      message: "Added Studio 1.",
    });
    const location = await db.location.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(location).toMatchObject({ name: "Studio 1", capacity: 20, status: "active" });
    expect(
      await updateLocationAction(formData({ locationId: location.id, name: "Studio A", address: "", capacity: "12" })),
    ).toMatchObject({
      ok: true,
    });
    expect(await setLocationStatusAction(formData({ locationId: location.id, status: "archived" }))).toMatchObject({
      ok: true,
    });
    expect(await db.location.findUniqueOrThrow({ where: { id: location.id } })).toMatchObject({
      name: "Studio A",
      address: "",
      capacity: 12,
      status: "archived",
    });
  });

  it("does not touch another studio's location", async () => {
    const other = await createTenant();
    const theirs = await db.location.create({ data: { accountId: other.accountId, name: "Theirs" } });
    expect(await updateLocationAction(formData({ locationId: theirs.id, name: "Mine" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect((await db.location.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
  });
});
