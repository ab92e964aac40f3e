import { endpoints, json, route } from "@/lib/http/route";
import { createEvent } from "@/lib/programme/create-event";
import { listEvents } from "@/lib/programme/list-events";
import { CreateEventInput, serializeEvent } from "@/lib/schemas/event";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/events", {
  GET: route({ operation: "GET /events", auth: "member" }, async ({ auth }) =>
    json((await listEvents({ db: auth.db })).map(serializeEvent)),
  ),
  POST: route({ operation: "POST /events", auth: "admin", body: CreateEventInput }, async ({ auth, body }) =>
    json(serializeEvent(await createEvent({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
