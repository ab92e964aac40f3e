"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import { updateDineroSettings } from "@/lib/accounting/dinero-settings";
import { UpdateDineroSettingsInput } from "@/lib/schemas/dinero";
import { action } from "@/lib/web/action";

const PATH = "/dashboard/settings/accounting/dinero";

/** Connects the studio's Dinero organization (PATCH /account/accounting/dinero): the credentials are checked with Dinero first. */
export const connectDineroAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateDineroSettingsInput,
      fields: {
        dinero: { organizationId: readText, clientId: readText, clientSecret: readText, apiKey: readText },
      },
    },
    revalidate: PATH,
  },
  async ({ viewer, input }) => {
    await updateDineroSettings({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("DineroSettings");
    return t("connected");
  },
);

/** Disconnects Dinero: no more vouchers are sent. */
export const disconnectDineroAction = action({ auth: "administrator", revalidate: PATH }, async ({ viewer }) => {
  await updateDineroSettings({ db: viewer.db, accountId: viewer.accountId, input: { dinero: null } });
  const t = await getTranslations("DineroSettings");
  return t("disconnected");
});
