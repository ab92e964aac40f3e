import { endpoints, json, route } from "@/lib/http/route";
import { createDurationPreset } from "@/lib/programme/create-duration-preset";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { CreateDurationPresetInput, serializeDurationPreset } from "@/lib/schemas/duration-preset";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/duration-presets", {
  GET: route({ operation: "GET /duration-presets", auth: "member" }, async ({ auth }) =>
    json((await listDurationPresets({ db: auth.db })).map(serializeDurationPreset)),
  ),
  POST: route({ operation: "POST /duration-presets", auth: "admin", body: CreateDurationPresetInput }, async ({ auth, body }) =>
    json(serializeDurationPreset(await createDurationPreset({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
