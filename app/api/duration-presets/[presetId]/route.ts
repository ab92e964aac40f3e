import { endpoints, json, route } from "@/lib/http/route";
import { updateDurationPreset } from "@/lib/programme/update-duration-preset";
import { DurationPresetParams, UpdateDurationPresetInput, serializeDurationPreset } from "@/lib/schemas/duration-preset";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/duration-presets/{presetId}", {
  PATCH: route(
    { operation: "PATCH /duration-presets/{presetId}", auth: "admin", params: DurationPresetParams, body: UpdateDurationPresetInput },
    async ({ auth, params, body }) =>
      json(serializeDurationPreset(await updateDurationPreset({ db: auth.db, presetId: params.presetId, input: body }))),
  ),
});
