"use server";

import { getTranslations } from "next-intl/server";
import { readInteger, readText } from "@/components/forms/form-data";
import { updateAccount } from "@/lib/account/update-account";
import { parseWith } from "@/lib/http/parse-input";
import { UpdateAccountInput } from "@/lib/schemas/account-input";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

/** The VAT details form (`legal` of PATCH /account): a blank field clears that detail. */
export async function updateVatDetailsAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const field = (name: string) => readText(formData, `legal.${name}`) ?? null;
      const input = parseWith(UpdateAccountInput, {
        legal: {
          name: field("name"),
          address: field("address"),
          vatNumber: field("vatNumber"),
          // "12,5" as a Danish keyboard may send it from a text field
          vatRate: readInteger(withDecimalPoint(formData, "legal.vatRate"), "legal.vatRate", { nullable: true }),
        },
      });
      await updateAccount({ accountId: viewer.accountId, input });
      const t = await getTranslations("VatDetails");
      return t("saved");
    },
    { revalidate: "/dashboard/settings/payments" },
  );
}

function withDecimalPoint(formData: FormData, name: string): FormData {
  const copy = new FormData();
  const value = formData.get(name);
  if (typeof value === "string") copy.set(name, value.replace(",", "."));
  return copy;
}
