import { endpoints, json, route } from "@/lib/http/route";
import { listPublicProgramme } from "@/lib/programme/list-public-programme";
import { SlugParams } from "@/lib/schemas/demo";
import { PublicProgrammeQuery, serializePublicEvent, serializePublicInstance } from "@/lib/schemas/public-programme";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}/events", {
  GET: route(
    { operation: "GET /public/accounts/{slug}/events", auth: "none", params: SlugParams, query: PublicProgrammeQuery },
    async ({ params, query }) => {
      const { events, instances, teachers } = await listPublicProgramme({
        slug: params.slug,
        from: query.from,
        to: query.to,
      });
      const eventsById = new Map(events.map((event) => [event.id, event]));
      return json({
        events: events.map((event) => serializePublicEvent(event, teachers)),
        instances: instances.map((instance) =>
          serializePublicInstance(instance, teachers, eventsById.get(instance.eventId)),
        ),
      });
    },
  ),
});
