// Settings › Accounting's form: the account numbers saved through PATCH /account/accounting's schema,
// a wrong number named on its field, administrators only.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { updateAccountingAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const FORM = {
  "accounting.salesAccount": "1100",
  "accounting.exemptSalesAccount": "1110",
  "accounting.vatAccount": "7200",
  "accounting.cardClearingAccount": "5810",
  "accounting.mobilepayClearingAccount": "5820",
  "accounting.giftCardLiability": "6810",
};
const stored = () =>
  db.account.findUniqueOrThrow({
    where: { id: tenant.accountId },
    select: {
      salesAccount: true,
      exemptSalesAccount: true,
      vatAccount: true,
      cardClearingAccount: true,
      mobilepayClearingAccount: true,
      giftCardLiability: true,
    },
  });

describe("the account numbers form", () => {
  it("saves the six account numbers, the gift cards' liability among them", async () => {
    expect(await updateAccountingAction(formData(FORM))).toEqual({
      ok: true,
      message: "The account numbers are saved.",
    });
    expect(await stored()).toEqual({
      salesAccount: 1100,
      exemptSalesAccount: 1110,
      vatAccount: 7200,
      cardClearingAccount: 5810,
      mobilepayClearingAccount: 5820,
      giftCardLiability: 6810,
    });
  });

  it("names the field that is not an account number and saves nothing", async () => {
    const result = await updateAccountingAction(formData({ ...FORM, "accounting.vatAccount": "moms" }));
    expect(result.ok).toBe(false);
    expect(result.fieldErrors?.["accounting.vatAccount"]).toBeTruthy();
    expect((await stored()).salesAccount).toBe(1000);
  });

  it("is for administrators only", async () => {
    signInAs((await createMember(tenant.accountId, "teacher")).token);
    await expect(updateAccountingAction(formData(FORM))).rejects.toThrow("NEXT_REDIRECT");
    expect((await stored()).salesAccount).toBe(1000);
  });
});
