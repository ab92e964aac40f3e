import { endpoints, json, route } from "@/lib/http/route";
import { updateEvent } from "@/lib/programme/update-event";
import { EventParams, UpdateEventInput, serializeEvent } from "@/lib/schemas/event";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/events/{eventId}", {
  PATCH: route(
    { operation: "PATCH /events/{eventId}", auth: "admin", params: EventParams, body: UpdateEventInput },
    async ({ auth, params, body }) => json(serializeEvent(await updateEvent({ db: auth.db, eventId: params.eventId, input: body }))),
  ),
});
