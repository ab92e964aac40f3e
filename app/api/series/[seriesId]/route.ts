import { endpoints, json, route } from "@/lib/http/route";
import { updateSeries } from "@/lib/programme/update-series";
import { withEventFlags } from "@/lib/programme/with-event-flags";
import { serializeInstance } from "@/lib/schemas/instance";
import { SeriesParams, UpdateSeriesInput, serializeSeries } from "@/lib/schemas/series";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/series/{seriesId}", {
  PATCH: route(
    { operation: "PATCH /series/{seriesId}", auth: "admin", params: SeriesParams, body: UpdateSeriesInput },
    async ({ auth, params, body }) => {
      const { series, instances } = await updateSeries({ db: auth.db, seriesId: params.seriesId, input: body });
      return json({ series: serializeSeries(series), instances: (await withEventFlags(auth.db, instances)).map(serializeInstance) });
    },
  ),
});
