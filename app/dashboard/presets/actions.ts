"use server";

import { getTranslations } from "next-intl/server";
import { readInteger, readRaw } from "@/components/forms/form-data";
import { action, formField } from "@/lib/web/action";
import { createDurationPreset } from "@/lib/programme/create-duration-preset";
import { updateDurationPreset } from "@/lib/programme/update-duration-preset";
import { CreateDurationPresetInput, UpdateDurationPresetInput } from "@/lib/schemas/duration-preset";
import { ProgrammeStatusSchema } from "@/lib/schemas/location";

const PATH = "/dashboard/presets";

const PRESET_FIELDS = { name: readRaw, minutes: readInteger };

export const createPresetAction = action(
  { auth: "administrator", input: { schema: CreateDurationPresetInput, fields: PRESET_FIELDS }, revalidate: PATH },
  async ({ viewer, input }) => {
    const preset = await createDurationPreset({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("PresetsActions");
    return t("added", { name: preset.name });
  },
);

export const updatePresetAction = action(
  {
    auth: "administrator",
    ids: ["presetId"],
    input: { schema: UpdateDurationPresetInput, fields: PRESET_FIELDS },
    revalidate: PATH,
  },
  async ({ viewer, ids: { presetId }, input }) => {
    await updateDurationPreset({ db: viewer.db, presetId, input });
    const t = await getTranslations("PresetsActions");
    return t("saved");
  },
);

export const setPresetStatusAction = action(
  {
    auth: "administrator",
    ids: ["presetId"],
    input: { schema: ProgrammeStatusSchema, fields: formField("status") },
    revalidate: PATH,
  },
  async ({ viewer, ids: { presetId }, input: status }) => {
    await updateDurationPreset({ db: viewer.db, presetId, input: { status } });
  },
);
