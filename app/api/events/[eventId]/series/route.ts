import { endpoints, json, route } from "@/lib/http/route";
import { createSeries } from "@/lib/programme/create-series";
import { EventParams } from "@/lib/schemas/event";
import { withEventFlags } from "@/lib/programme/with-event-flags";
import { serializeInstance } from "@/lib/schemas/instance";
import { CreateSeriesInput, serializeSeries } from "@/lib/schemas/series";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/events/{eventId}/series", {
  POST: route(
    { operation: "POST /events/{eventId}/series", auth: "admin", params: EventParams, body: CreateSeriesInput },
    async ({ auth, params, body }) => {
      const { series, instances } = await createSeries({ db: auth.db, accountId: auth.accountId, eventId: params.eventId, input: body });
      return json({ series: serializeSeries(series), instances: (await withEventFlags(auth.db, instances)).map(serializeInstance) }, 201);
    },
  ),
});
