"use server";

import { getTranslations } from "next-intl/server";
import { defined, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { createSeason } from "@/lib/commerce/create-season";
import { updateSeason } from "@/lib/commerce/update-season";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { CreateSeasonInput, SeasonStatusSchema, UpdateSeasonInput } from "@/lib/schemas/season";
import { getMe } from "@/lib/users/get-me";
import { seasonBounds } from "./season-dates";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";

const PATH = "/dashboard/seasons";

async function seasonFields(formData: FormData, viewer: Awaited<ReturnType<typeof requireAdministrator>>) {
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

export async function createSeasonAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return renameDayFields(
    await runAction(
      async () => {
        const input = parseWith(CreateSeasonInput, await seasonFields(formData, viewer));
        const season = await createSeason({ db: viewer.db, accountId: viewer.accountId, input });
        const t = await getTranslations("SeasonsActions");
        return t("added", { name: season.name });
      },
      { revalidate: PATH },
    ),
  );
}

export async function updateSeasonAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return renameDayFields(
    await runAction(
      async () => {
        const seasonId = parseWith(Id, readText(formData, "seasonId"));
        const input = parseWith(UpdateSeasonInput, await seasonFields(formData, viewer));
        await updateSeason({ db: viewer.db, seasonId, input });
        const t = await getTranslations("SeasonsActions");
        return t("saved");
      },
      { revalidate: PATH },
    ),
  );
}

export async function setSeasonStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const seasonId = parseWith(Id, readText(formData, "seasonId"));
      const status = parseWith(SeasonStatusSchema, readText(formData, "status"));
      await updateSeason({ db: viewer.db, seasonId, input: { status } });
    },
    { revalidate: PATH },
  );
}

/** Errors of `startsAt` / `endsAt` belong under the first-day / last-day inputs. */
function renameDayFields(state: FormState): FormState {
  if (!state.fieldErrors) return state;
  const { startsAt, endsAt, ...rest } = state.fieldErrors;
  return {
    ...state,
    fieldErrors: { ...rest, ...(startsAt ? { firstDay: startsAt } : {}), ...(endsAt ? { lastDay: endsAt } : {}) },
  };
}
