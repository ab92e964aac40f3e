"use server";

import { getTranslations } from "next-intl/server";
import { defined, readRaw, readText } from "@/components/forms/form-data";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import type { FormState } from "@/lib/web/form-state";
import { action, formField } from "@/lib/web/action";
import { createSeason } from "@/lib/commerce/create-season";
import { updateSeason } from "@/lib/commerce/update-season";
import { parseWith } from "@/lib/http/parse-input";
import { CreateSeasonInput, SeasonStatusSchema, UpdateSeasonInput } from "@/lib/schemas/season";
import { getMe } from "@/lib/users/get-me";
import { seasonBounds } from "./season-dates";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";

const PATH = "/dashboard/seasons";

/** The season's first and last day as instants of the studio's time zone (so read in the handler). */
async function seasonFields(formData: FormData, viewer: PersonAuth) {
  const { account } = await getMe(viewer);
  const [firstDay, lastDay] = [readText(formData, "firstDay"), readText(formData, "lastDay")];
  const { startsAt, endsAt } = seasonBounds(firstDay, lastDay, account.timezone);
  // A day seasonBounds could not read comes back as typed: no date, said under its own input.
  const unreadable = [
    ...(firstDay !== undefined && startsAt === firstDay ? [ruleDetail("firstDay", "date_required")] : []),
    ...(lastDay !== undefined && endsAt === lastDay ? [ruleDetail("lastDay", "date_required")] : []),
  ];
  if (unreadable.length > 0) throw new AppError("validation_failed", { details: unreadable });
  return defined({ name: readRaw(formData, "name"), startsAt, endsAt });
}

const createSeasonOnly = action({ auth: "administrator", revalidate: PATH }, async ({ viewer, formData }) => {
  const input = parseWith(CreateSeasonInput, await seasonFields(formData, viewer));
  const season = await createSeason({ db: viewer.db, accountId: viewer.accountId, input });
  const t = await getTranslations("SeasonsActions");
  return t("added", { name: season.name });
});

const updateSeasonOnly = action(
  { auth: "administrator", ids: ["seasonId"], revalidate: PATH },
  async ({ viewer, ids: { seasonId }, formData }) => {
    const input = parseWith(UpdateSeasonInput, await seasonFields(formData, viewer));
    await updateSeason({ db: viewer.db, seasonId, input });
    const t = await getTranslations("SeasonsActions");
    return t("saved");
  },
);

export async function createSeasonAction(formData: FormData): Promise<FormState> {
  return renameDayFields(await createSeasonOnly(formData));
}

export async function updateSeasonAction(formData: FormData): Promise<FormState> {
  return renameDayFields(await updateSeasonOnly(formData));
}

export const setSeasonStatusAction = action(
  {
    auth: "administrator",
    ids: ["seasonId"],
    input: { schema: SeasonStatusSchema, fields: formField("status") },
    revalidate: PATH,
  },
  async ({ viewer, ids: { seasonId }, input: status }) => {
    await updateSeason({ db: viewer.db, seasonId, input: { status } });
  },
);

/** Errors of `startsAt` / `endsAt` belong under the first-day / last-day inputs. */
function renameDayFields(state: FormState): FormState {
  if (!state.fieldErrors) return state;
  const { startsAt, endsAt, ...rest } = state.fieldErrors;
  return {
    ...state,
    fieldErrors: { ...rest, ...(startsAt ? { firstDay: startsAt } : {}), ...(endsAt ? { lastDay: endsAt } : {}) },
  };
}
