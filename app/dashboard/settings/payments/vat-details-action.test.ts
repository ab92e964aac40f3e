import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { updateVatDetailsAction } = await import("./vat-details-action");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const details = {
  "legal.name": " Yoga Loft ApS ",
  "legal.address": "Nørrebrogade 1\n2200 København N",
  "legal.vatNumber": "DK12345678",
  "legal.vatRate": "25",
};
const stored = () =>
  db.account.findUniqueOrThrow({
    where: { id: tenant.accountId },
    select: { legalName: true, legalAddress: true, vatNumber: true, vatRateBasisPoints: true },
  });

describe("VAT details action", () => {
  it("saves the legal details as PATCH /account's legal does", async () => {
    expect(await updateVatDetailsAction(formData(details))).toEqual({ ok: true, message: "VAT details saved." });
    expect(await stored()).toEqual({
      legalName: "Yoga Loft ApS",
      legalAddress: "Nørrebrogade 1\n2200 København N",
      vatNumber: "DK12345678",
      vatRateBasisPoints: 2500,
    });
  });

  it("takes a rate with a decimal comma and clears the fields left blank", async () => {
    await updateVatDetailsAction(formData(details));
    await updateVatDetailsAction(formData({ ...details, "legal.vatRate": "12,5", "legal.address": " " }));
    expect(await stored()).toMatchObject({ legalAddress: null, vatRateBasisPoints: 1250 });
    await updateVatDetailsAction(formData({ ...details, "legal.vatRate": "" }));
    expect((await stored()).vatRateBasisPoints).toBeNull();
  });

  it("puts a bad rate under its input and saves nothing", async () => {
    const state = await updateVatDetailsAction(formData({ ...details, "legal.vatRate": "12.345" }));
    expect(state).toMatchObject({ ok: false });
    expect(state.fieldErrors).toEqual({
      "legal.vatRate": "Enter a percentage from 0 to 100 with at most two decimals, such as 25 or 12.5",
    });
    expect(await stored()).toMatchObject({ legalName: null, vatRateBasisPoints: null });
  });

  it("is refused to an attendee", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    signInAs(attendee.token);
    await expect(updateVatDetailsAction(formData(details))).rejects.toThrow();
    expect((await stored()).legalName).toBeNull();
  });
});
