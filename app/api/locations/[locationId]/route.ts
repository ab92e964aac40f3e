import { endpoints, json, route } from "@/lib/http/route";
import { updateLocation } from "@/lib/programme/update-location";
import { LocationParams, UpdateLocationInput, serializeLocation } from "@/lib/schemas/location";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/locations/{locationId}", {
  PATCH: route(
    { operation: "PATCH /locations/{locationId}", auth: "admin", params: LocationParams, body: UpdateLocationInput },
    async ({ auth, params, body }) =>
      json(serializeLocation(await updateLocation({ db: auth.db, locationId: params.locationId, input: body }))),
  ),
});
