"use server";

import { getTranslations } from "next-intl/server";
import { readCheckbox, readInteger, readTextOrNull } from "@/components/forms/form-data";
import { updateAccount } from "@/lib/account/update-account";
import { UpdateAccountInput } from "@/lib/schemas/account-input";
import { action } from "@/lib/web/action";

/** The VAT details form (`legal` of PATCH /account): a blank field clears that detail. */
export const updateVatDetailsAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountInput,
      fields: {
        legal: {
          name: readTextOrNull,
          address: readTextOrNull,
          vatNumber: readTextOrNull,
          vatRate: readVatRate,
          vatExempt: readCheckbox,
        },
      },
    },
    revalidate: "/dashboard/settings/payments",
  },
  async ({ viewer, input }) => {
    await updateAccount({ accountId: viewer.accountId, input });
    const t = await getTranslations("VatDetails");
    return t("saved");
  },
);

/** "12,5" as a Danish keyboard may send it from a text field; blank clears the rate. */
function readVatRate(formData: FormData, name: string) {
  return readInteger(withDecimalPoint(formData, name), name, { nullable: true });
}

function withDecimalPoint(formData: FormData, name: string): FormData {
  const copy = new FormData();
  const value = formData.get(name);
  if (typeof value === "string") copy.set(name, value.replace(",", "."));
  return copy;
}
