import { createSeason } from "@/lib/commerce/create-season";
import { listSeasons } from "@/lib/commerce/list-seasons";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateSeasonInput, serializeSeason } from "@/lib/schemas/season";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/seasons", {
  GET: route({ operation: "GET /seasons", auth: "member" }, async ({ auth }) =>
    json((await listSeasons({ db: auth.db })).map(serializeSeason)),
  ),
  POST: route({ operation: "POST /seasons", auth: "admin", body: CreateSeasonInput }, async ({ auth, body }) =>
    json(serializeSeason(await createSeason({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
