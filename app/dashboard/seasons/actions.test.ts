import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createSeasonAction, setSeasonStatusAction, updateSeasonAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant(); // Europe/Copenhagen
  signInAs(tenant.admin.token);
});

describe("season actions", () => {
  it("stores whole days in the studio's timezone and reports a reversed range under the last day", async () => {
    const reversed = await createSeasonAction(
      formData({ name: "Autumn", firstDay: "2026-12-20", lastDay: "2026-08-17" }),
    );
    expect(reversed.fieldErrors).toEqual({ lastDay: "The last day must not be before the first day" });
    expect(await db.season.count({ where: { accountId: tenant.accountId } })).toBe(0);

    expect(
      await createSeasonAction(formData({ name: "Autumn", firstDay: "2026-08-17", lastDay: "2026-12-20" })),
    ).toMatchObject({
      ok: true,
    });
    const season = await db.season.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect([season.startsAt.toISOString(), season.endsAt.toISOString()]).toEqual([
      "2026-08-16T22:00:00.000Z",
      "2026-12-20T23:00:00.000Z",
    ]);

    const edit = await updateSeasonAction(
      formData({ seasonId: season.id, name: "Autumn", firstDay: "2027-01-01", lastDay: "2026-12-20" }),
    );
    expect(edit.fieldErrors).toEqual({ lastDay: "The last day must not be before the first day" });
    expect(await setSeasonStatusAction(formData({ seasonId: season.id, status: "archived" }))).toMatchObject({
      ok: true,
    });
    expect(await db.season.findUniqueOrThrow({ where: { id: season.id } })).toMatchObject({
      status: "archived",
      startsAt: season.startsAt,
    });
  });

  it("does not touch another studio's season", async () => {
    const other = await createTenant();
    const season = await db.season.create({
      data: {
        accountId: other.accountId,
        name: "Theirs",
        startsAt: new Date("2026-01-01"),
        endsAt: new Date("2026-02-01"),
      },
    });
    expect(await setSeasonStatusAction(formData({ seasonId: season.id, status: "archived" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect((await db.season.findUniqueOrThrow({ where: { id: season.id } })).status).toBe("active");
  });
});
