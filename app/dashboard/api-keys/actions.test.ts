import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createApiKeyAction, revokeApiKeyAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

describe("API key actions", () => {
  it("create a key and answer its secret once; revoke it", async () => {
    expect((await createApiKeyAction(formData({ name: "  " }))).fieldErrors).toHaveProperty("name");
    const created = await createApiKeyAction(formData({ name: " Website widget " }));
    expect(created).toEqual({
      ok: true,
      message: "Created the key Website widget.",
      secret: expect.stringMatching(/^sbk_/),
    });
    const key = await db.apiKey.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(key).toMatchObject({
      name: "Website widget",
      tokenHash: createHash("sha256").update(created.secret!).digest("hex"),
    });

    expect(await revokeApiKeyAction(formData({ apiKeyId: key.id }))).toEqual({ ok: true });
    expect(await db.apiKey.count({ where: { id: key.id } })).toBe(0);
  });

  it("does not revoke another studio's key", async () => {
    const other = await createTenant();
    const theirs = await db.apiKey.create({
      data: { accountId: other.accountId, name: "Theirs", prefix: "sbk_x", tokenHash: "not-a-real-hash" },
    });
    expect(await revokeApiKeyAction(formData({ apiKeyId: theirs.id }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.apiKey.count({ where: { id: theirs.id } })).toBe(1);
  });

  it("are an administrator's: a teacher is sent away", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    signInAs(teacher.token);
    await expect(createApiKeyAction(formData({ name: "Mine" }))).rejects.toThrow();
    expect(await db.apiKey.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});
