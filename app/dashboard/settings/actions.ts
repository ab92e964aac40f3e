"use server";

import { getTranslations } from "next-intl/server";
import { readCheckbox, readInteger, readRaw, readText, readTextOrNull } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { updateAccount } from "@/lib/account/update-account";
import { UpdateAccountInput } from "@/lib/schemas/account-input";

/** A select that must be chosen: blank is sent as "", for the schema to refuse. */
const readChoice = (formData: FormData, name: string) => readText(formData, name) ?? "";

/**
 * The quiet hours' two time inputs and their "none" box (`bookingPolicy.quietHours.from`, `.to`,
 * `.none`): ticked, null; else the times as typed; a form without them leaves them as they were.
 */
function readQuietHours(formData: FormData, name: string) {
  if (readCheckbox(formData, `${name}.none`)) return null;
  const from = readText(formData, `${name}.from`);
  const to = readText(formData, `${name}.to`);
  if (from === undefined && to === undefined) return undefined;
  return { from: from ?? "", to: to ?? "" };
}

/** Field names are the body's paths (`bookingPolicy.opensDaysBefore`), so schema errors land under their input. */
export const updateSettingsAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountInput,
      fields: {
        name: readRaw,
        timezone: readChoice,
        locale: readChoice,
        bookingPolicy: {
          opensDaysBefore: readInteger,
          closesMinutesBefore: readInteger,
          cancellationWindowHours: readInteger,
          waitlistEnabled: readCheckbox,
          standingBookings: readCheckbox,
          strikeLimit: readInteger,
          strikeWindowDays: readInteger,
          strikeBlockDays: readInteger,
          strikeLateCancels: readCheckbox,
          guestsPerBooking: readInteger,
          waitlistMode: readText, // absent (a form without the choice): unchanged
          waitlistOfferMinutes: readInteger,
          waitlistAutoWithinMinutes: readInteger,
          quietHours: readQuietHours,
        },
        reminderHours: readInteger,
      },
    },
    revalidate: "/dashboard",
    scope: "layout",
  },
  async ({ viewer, input }) => {
    await updateAccount({ accountId: viewer.accountId, input });
    const t = await getTranslations("SettingsActions");
    return t("saved");
  },
);

/** The studio profile's form: a blank field clears that part of the profile. */
export const updateProfileAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountInput,
      fields: {
        profile: {
          description: readTextOrNull,
          accentColor: readTextOrNull,
          logoUrl: readTextOrNull,
          contactEmail: readTextOrNull,
          website: readTextOrNull,
        },
      },
    },
    revalidate: "/dashboard",
    scope: "layout",
  },
  async ({ viewer, input }) => {
    await updateAccount({ accountId: viewer.accountId, input });
    const tp = await getTranslations("ProfileSettings");
    return tp("saved");
  },
);
