import { renderPersonalFeed } from "@/lib/calendar/personal-feed";
import { AppError } from "@/lib/errors";
import { endpoints, route } from "@/lib/http/route";
import { CalendarFeedFileParams } from "@/lib/schemas/calendar-feed";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/calendar/{file}", {
  GET: route(
    { operation: "GET /calendar/{file}", auth: "none", params: CalendarFeedFileParams },
    async ({ params }) => {
      const token = /^([A-Za-z0-9_-]+)\.ics$/.exec(params.file)?.[1];
      const body = token ? await renderPersonalFeed(token, new Date()) : null;
      if (body === null) throw new AppError("not_found");
      return new Response(body, {
        status: 200,
        headers: {
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": 'inline; filename="bookings.ics"',
          "cache-control": "private, max-age=300",
        },
      });
    },
  ),
});
