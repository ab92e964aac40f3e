import { updateSeason } from "@/lib/commerce/update-season";
import { endpoints, json, route } from "@/lib/http/route";
import { SeasonParams, UpdateSeasonInput, serializeSeason } from "@/lib/schemas/season";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/seasons/{seasonId}", {
  PATCH: route(
    { operation: "PATCH /seasons/{seasonId}", auth: "admin", params: SeasonParams, body: UpdateSeasonInput },
    async ({ auth, params, body }) =>
      json(serializeSeason(await updateSeason({ db: auth.db, seasonId: params.seasonId, input: body }))),
  ),
});
