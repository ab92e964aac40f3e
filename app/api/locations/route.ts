import { endpoints, json, route } from "@/lib/http/route";
import { createLocation } from "@/lib/programme/create-location";
import { listLocations } from "@/lib/programme/list-locations";
import { CreateLocationInput, serializeLocation } from "@/lib/schemas/location";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/locations", {
  GET: route({ operation: "GET /locations", auth: "member" }, async ({ auth }) =>
    json((await listLocations({ db: auth.db })).map(serializeLocation)),
  ),
  POST: route({ operation: "POST /locations", auth: "admin", body: CreateLocationInput }, async ({ auth, body }) =>
    json(serializeLocation(await createLocation({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
