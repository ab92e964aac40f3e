"use server";

import { getTranslations } from "next-intl/server";
import { readInteger } from "@/components/forms/form-data";
import { updateAccountingSettings } from "@/lib/accounting/accounting-settings";
import { UpdateAccountingSettingsInput } from "@/lib/schemas/accounting";
import { action } from "@/lib/web/action";

/** Saves the studio's account numbers (PATCH /account/accounting). */
export const updateAccountingAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountingSettingsInput,
      fields: {
        accounting: {
          salesAccount: readInteger,
          exemptSalesAccount: readInteger,
          vatAccount: readInteger,
          cardClearingAccount: readInteger,
          mobilepayClearingAccount: readInteger,
          giftCardLiability: readInteger,
        },
      },
    },
    revalidate: "/dashboard/settings/accounting",
  },
  async ({ viewer, input }) => {
    await updateAccountingSettings({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("AccountingSettings");
    return t("saved");
  },
);
