import { SlugParams } from "@/lib/schemas/demo";
import { z } from "@/lib/schemas/zod";
import { errorResponse, registry } from "../registry";

const ICalendarFeed = z.string().openapi({
  description: "An RFC 5545 iCalendar document (CRLF line endings, lines folded at 75 octets)",
  example:
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Studio Booking//Bookings//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n" +
    "X-WR-CALNAME:Demo Studio\r\nBEGIN:VEVENT\r\nUID:instance-8f8e…@example.com\r\nDTSTAMP:20261121T061500Z\r\n" +
    "DTSTART:20261123T080000Z\r\nDTEND:20261123T090000Z\r\nSUMMARY:Morning Vinyasa\r\nLOCATION:Nørrebro\r\n" +
    "STATUS:CONFIRMED\r\nSEQUENCE:0\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/calendar.ics",
  tags: ["System"],
  summary: "The public schedule as a calendar feed to subscribe to",
  description:
    "An RFC 5545 feed (`text/calendar; charset=utf-8`) of the account's public schedule for the next 90 days: one " +
    "VEVENT per instance that GET /public/accounts/{slug}/events would list (published event, audience `everyone`, " +
    "status `scheduled` or `moved`), with times in UTC. Cancelled instances and those for groups or nobody are " +
    "omitted. The UID of an instance (`instance-<id>@<host>`) stays the same between fetches, so calendar apps " +
    "update a moved class in place.",
  security: [],
  request: { params: SlugParams },
  responses: {
    200: { description: "The calendar feed", content: { "text/calendar": { schema: ICalendarFeed } } },
    404: errorResponse(404),
  },
});
