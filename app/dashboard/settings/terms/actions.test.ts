import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { getTermsSettings } from "@/lib/terms/get-terms-settings";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { publishTermsAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant({ name: "Yoga Loft" });
  signInAs(tenant.admin.token);
  setTestPageLanguage("da");
});

const settingsOf = () => getTermsSettings({ db: tenantDb(tenant.accountId), accountId: tenant.accountId });

describe("the terms of sale in the dashboard", () => {
  it("starts a studio without terms from a draft in both languages, with the withdrawal clause and its own details", async () => {
    await db.account.update({
      where: { id: tenant.accountId },
      data: { legalName: "Yoga Loft ApS", legalAddress: "Søgade 1\n2200 København N", vatNumber: "DK12345678" },
    });
    const settings = await settingsOf();
    expect(settings).toMatchObject({ starter: true, nextVersion: 1, versions: [] });
    const { da, en } = settings.draft;
    expect(da).toContain("Yoga Loft ApS, Søgade 1, 2200 København N, CVR-nr. DK12345678, e-mail [e-mail]");
    expect(da).toContain("14 dage");
    expect(da).toContain("§ 18, stk. 2, nr. 12");
    expect(da).toContain(`/${tenant.slug}/fortryd`);
    expect(da).toContain("Nævnenes Hus");
    expect(da).toContain("Afmelder du senere end 12 timer før holdet");
    expect(en).toContain("within 14 days");
    expect(en).toContain(`/${tenant.slug}/withdraw`);
    expect(en).toContain("[email]");
  });

  it("publishes the text as the next version, which the form then starts from", async () => {
    expect(await publishTermsAction(formData({ da: "# Vilkår\r\n\r\nTekst.", en: "" }))).toEqual({
      ok: true,
      message: "Version 1 er offentliggjort og gælder nu.",
    });
    const settings = await settingsOf();
    expect(settings).toMatchObject({ starter: false, nextVersion: 2, draft: { da: "# Vilkår\n\nTekst.", en: "" } });
    expect(settings.versions.map((version) => version.version)).toEqual([1]);
  });

  it("refuses an empty Danish text in Danish, and publishes nothing", async () => {
    const refused = await publishTermsAction(formData({ da: "  ", en: "Terms" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { da: "Skal udfyldes" } });
    expect(await db.termsVersion.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("is the administrator's: a teacher is sent to their home and publishes nothing", async () => {
    signInAs((await createMember(tenant.accountId, "teacher")).token);
    await expect(publishTermsAction(formData({ da: "# Vilkår" }))).rejects.toThrow("NEXT_REDIRECT");
    expect(await db.termsVersion.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});
