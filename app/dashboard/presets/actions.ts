"use server";

import { getTranslations } from "next-intl/server";
import { defined, readInteger, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { parseWith } from "@/lib/http/parse-input";
import { createDurationPreset } from "@/lib/programme/create-duration-preset";
import { updateDurationPreset } from "@/lib/programme/update-duration-preset";
import { Id } from "@/lib/schemas/common";
import { CreateDurationPresetInput, UpdateDurationPresetInput } from "@/lib/schemas/duration-preset";
import { ProgrammeStatusSchema } from "@/lib/schemas/location";

const PATH = "/dashboard/presets";

function presetFields(formData: FormData) {
  return defined({ name: readRaw(formData, "name"), minutes: readInteger(formData, "minutes") });
}

export async function createPresetAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const input = parseWith(CreateDurationPresetInput, presetFields(formData));
      const preset = await createDurationPreset({ db: viewer.db, accountId: viewer.accountId, input });
      const t = await getTranslations("PresetsActions");
      return t("added", { name: preset.name });
    },
    { revalidate: PATH },
  );
}

export async function updatePresetAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const presetId = parseWith(Id, readText(formData, "presetId"));
      const input = parseWith(UpdateDurationPresetInput, presetFields(formData));
      await updateDurationPreset({ db: viewer.db, presetId, input });
      const t = await getTranslations("PresetsActions");
      return t("saved");
    },
    { revalidate: PATH },
  );
}

export async function setPresetStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const presetId = parseWith(Id, readText(formData, "presetId"));
      const status = parseWith(ProgrammeStatusSchema, readText(formData, "status"));
      await updateDurationPreset({ db: viewer.db, presetId, input: { status } });
    },
    { revalidate: PATH },
  );
}
