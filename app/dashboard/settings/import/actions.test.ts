import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { previewImport } from "@/lib/imports/preview-import";
import { holdJobs } from "@/lib/jobs/wake";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { commitImportAction, deleteImportAction, inviteImportAction, updateImportColumnsAction } =
  await import("./actions");

let tenant: TestTenant;
beforeAll(async () => {
  await holdJobs(); // the actions wake it; these tests send nothing
});
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
  setTestPageLanguage("da");
});

const upload = (text: string) =>
  previewImport({
    db: tenantDb(tenant.accountId),
    accountId: tenant.accountId,
    kind: "people",
    file: new TextEncoder().encode(text),
  });

describe("Settings › Import actions", () => {
  it("map a column, check the rows again, import, invite and delete, in Danish", async () => {
    const created = await upload("Mail;Kaldenavn\nida@example.com;Ida\nikke-en-mail;Bo\n");
    expect(created).toMatchObject({ validRows: 1, invalidRows: 1 });
    const mapped = await updateImportColumnsAction(
      formData({
        importId: created.id,
        "header-0": "Mail",
        "header-1": "Kaldenavn",
        "field-0": "email",
        "field-1": "displayName",
        dateFormat: "DD-MM-YYYY",
      }),
    );
    expect(mapped).toMatchObject({ ok: true, message: "Rækkerne er tjekket igen." });
    expect(await db.import.findUnique({ where: { id: created.id } })).toMatchObject({
      fields: ["email", "displayName"],
      dateFormat: "DD-MM-YYYY",
    });
    const unmapped = await updateImportColumnsAction(
      formData({ importId: created.id, "header-0": "Mail", "header-1": "Kaldenavn" }),
    );
    expect(unmapped).toMatchObject({ ok: false });
    expect(JSON.stringify(unmapped)).toContain("Ingen kolonne indeholder");
    expect(await commitImportAction(formData({ importId: created.id }))).toMatchObject({
      ok: true,
      message: "Rækkerne er importeret.",
    });
    expect(await commitImportAction(formData({ importId: created.id }))).toMatchObject({ ok: false });
    expect(await inviteImportAction(formData({ importId: created.id }))).toMatchObject({
      ok: true,
      message: "1 velkomstmail er på vej.",
    });
    await expect(deleteImportAction(formData({ importId: created.id }))).rejects.toThrow(
      "redirect /dashboard/settings/import?deleted=1",
    );
    expect(await db.import.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it("find no import of another studio", async () => {
    const created = await upload("Email\nida@example.com\n");
    signInAs((await createTenant()).admin.token);
    expect(await commitImportAction(formData({ importId: created.id }))).toMatchObject({ ok: false });
    expect(await db.import.findUnique({ where: { id: created.id } })).toMatchObject({ status: "previewed" });
  });
});
