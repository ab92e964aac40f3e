"use server";

import { getTranslations } from "next-intl/server";
import { readCheckbox, readInteger, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { updateAccount } from "@/lib/account/update-account";
import { parseWith } from "@/lib/http/parse-input";
import { UpdateAccountInput } from "@/lib/schemas/account-input";

/** Field names are the body's paths (`bookingPolicy.opensDaysBefore`), so schema errors land under their input. */
export async function updateSettingsAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const policy = (name: string) => readInteger(formData, `bookingPolicy.${name}`);
      const input = parseWith(UpdateAccountInput, {
        name: readRaw(formData, "name"),
        timezone: readText(formData, "timezone") ?? "",
        locale: readText(formData, "locale") ?? "",
        bookingPolicy: {
          opensDaysBefore: policy("opensDaysBefore"),
          closesMinutesBefore: policy("closesMinutesBefore"),
          cancellationWindowHours: policy("cancellationWindowHours"),
          waitlistEnabled: readCheckbox(formData, "bookingPolicy.waitlistEnabled"),
        },
        reminderHours: readInteger(formData, "reminderHours"),
      });
      await updateAccount({ accountId: viewer.accountId, input });
      const t = await getTranslations("SettingsActions");
      return t("saved");
    },
    { revalidate: "/dashboard", scope: "layout" },
  );
}

/** The studio profile's form: a blank field clears that part of the profile. */
export async function updateProfileAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const field = (name: string) => readText(formData, `profile.${name}`) ?? null;
      const input = parseWith(UpdateAccountInput, {
        profile: {
          description: field("description"),
          accentColor: field("accentColor"),
          logoUrl: field("logoUrl"),
          contactEmail: field("contactEmail"),
          website: field("website"),
        },
      });
      await updateAccount({ accountId: viewer.accountId, input });
      const tp = await getTranslations("ProfileSettings");
      return tp("saved");
    },
    { revalidate: "/dashboard", scope: "layout" },
  );
}
