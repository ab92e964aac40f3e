import { CalendarFeedFileParams, CalendarFeedUrlSchema } from "@/lib/schemas/calendar-feed";
import { SlugParams } from "@/lib/schemas/demo";
import { PublicInstanceParams } from "@/lib/schemas/public-programme";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonResponse, registry } from "../registry";

const member = authFor("member", { personOnly: true });

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
  operationId: "getPublicCalendarFeed",
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

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/instances/{instanceId}/calendar.ics",
  operationId: "getPublicClassCalendar",
  tags: ["System"],
  summary: "One class of the public schedule as a calendar file (add to calendar)",
  description:
    "An RFC 5545 file (`text/calendar; charset=utf-8`, as an attachment named `<slug>-<local date>.ics`) with one " +
    "VEVENT: the instance's times in UTC, its event's title and description, its teachers, its location with the " +
    "address, and the URL of its class page. The UID is the one the schedule feed gives the instance " +
    "(`instance-<id>@<host>`). The teachers line is in the visitor's language (the `studio_locale` cookie, else the " +
    "account's language, else English). 404 for an unknown or suspended account, and for an instance that is " +
    "unknown, of another account, or hidden from the public schedule (cancelled, for groups or nobody, of an " +
    "unpublished event).",
  security: [],
  request: { params: PublicInstanceParams },
  responses: {
    200: { description: "The class's calendar file", content: { "text/calendar": { schema: ICalendarFeed } } },
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/me/calendar",
  operationId: "getMyCalendarFeed",
  tags: ["Account"],
  summary: "The caller's own calendar feed URL (their bookings in the active account)",
  description:
    "Answers the URL of the caller's personal feed of the active account, made on the first call; later calls " +
    "answer the same URL (200 each time) until DELETE /me/calendar revokes it. The URL is an absolute address on " +
    "`APP_URL` (`/api/calendar/<token>.ics`) that needs no sign-in: its token is the credential, so treat it " +
    "like a password; only the token's SHA-256 is stored.",
  security: member.security,
  responses: { 200: jsonResponse("The feed's URL", CalendarFeedUrlSchema), ...member.responses },
});

registry.registerPath({
  method: "delete",
  path: "/me/calendar",
  operationId: "revokeMyCalendarFeed",
  tags: ["Account"],
  summary: "Revoke the caller's calendar feed URL",
  description:
    "The URL answers 404 from now on; the next GET /me/calendar makes a new one. 204 also when there was none.",
  security: member.security,
  responses: { 204: { description: "Revoked; no body" }, ...member.responses },
});

registry.registerPath({
  method: "get",
  path: "/calendar/{file}",
  operationId: "getPersonalCalendarFeed",
  tags: ["System"],
  summary: "A member's own bookings as a calendar feed to subscribe to (the URL of GET /me/calendar)",
  description:
    "An RFC 5545 feed (`text/calendar; charset=utf-8`) of one member's bookings in one account, for Google, " +
    "Apple and Outlook calendar subscriptions: confirmed bookings (STATUS:CONFIRMED) and waitlisted ones " +
    "(STATUS:TENTATIVE, the title marked as on the waitlist) of classes from 30 days ago on, at the classes' " +
    "current times (a moved class moves), and bookings cancelled in the last 30 days — by the member, late, " +
    "or by the studio — as STATUS:CANCELLED. Each event's UID is the booking's (`booking-<id>@<host>`, as in " +
    "the confirmation email's calendar file), so a calendar that imported that file updates the same event. " +
    "Its words are in the member's language (else the studio's). 404 for a token that is unknown or revoked, " +
    "a member who left the studio or is disabled, and a suspended studio.",
  security: [],
  request: { params: CalendarFeedFileParams },
  responses: {
    200: { description: "The member's calendar feed", content: { "text/calendar": { schema: ICalendarFeed } } },
    404: errorResponse(404),
  },
});
