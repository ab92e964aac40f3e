import { EventParams } from "@/lib/schemas/event";
import { CreateSeriesInput, SeriesParams, SeriesSchema, SeriesWithInstancesSchema, UpdateSeriesInput } from "@/lib/schemas/series";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Programme"];
const member = authFor("member");
const admin = authFor("admin");

const RULES =
  "Recurrence is evaluated in the series' IANA `timezone` on local dates, so `localStartTime` stays the same " +
  "wall-clock time across daylight-saving changes (a time that does not exist on a spring-forward day moves " +
  "forward by the gap; an ambiguous one on a fall-back day takes the first occurrence). `weekdays` 0 (Sunday) to 6 " +
  "(Saturday) for weekly rules, `monthDay` for monthly ones (months without that day are skipped). A rule is " +
  "bounded by `endsOn` (inclusive) and/or `count`; the earlier bound wins. At most 500 occurrences and `endsOn` " +
  "at most 2 years after `startsOn`, else 400.";

registry.registerPath({
  method: "post",
  path: "/events/{eventId}/series",
  operationId: "createSeries",
  tags,
  summary: "Create a recurring series of an event and all its instances",
  description:
    `${RULES} Required: \`frequency\`, \`localStartTime\`, \`startsOn\` and a bound. Defaults: \`interval\` 1, ` +
    "`weekdays` the weekday of `startsOn`, `monthDay` its day, `durationMinutes` and `capacity` the event's, " +
    "`timezone` the account's. Every occurrence becomes an instance (`scheduled`, audience `everyone`) in the same " +
    "transaction; a series may start in the past (elapsed occurrences are ordinary instances).",
  security: admin.security,
  request: { params: EventParams, body: jsonBody(CreateSeriesInput) },
  responses: {
    201: jsonResponse("The new series and its instances in chronological order", SeriesWithInstancesSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "get",
  path: "/series",
  operationId: "listSeries",
  tags,
  summary: "Every series of the account, active, paused and ended (oldest first)",
  security: member.security,
  responses: { 200: jsonResponse("The series", z.array(SeriesSchema)), ...member.responses },
});

registry.registerPath({
  method: "patch",
  path: "/series/{seriesId}",
  operationId: "updateSeries",
  tags,
  summary: "Pause, resume or end a series, or change its rule (partial)",
  description:
    "Only `status` (`active`, `paused`, `ended`): the series' label changes; every instance id and booking is kept " +
    "and no instance changes. Any rule field, `durationMinutes` or `capacity`: the sent fields are merged into the " +
    "stored rule (a new `frequency` drops the stored `weekdays`/`monthDay`; `endsOn: null` or `count: null` clears " +
    "that bound), the result is checked like a create body, and future (`startsAt` after now), never-moved " +
    "`scheduled` instances are regenerated in one transaction: the instance of a local date the new rule still has " +
    "keeps its id, bookings and audience and takes the new time, duration and capacity; one whose date the rule no " +
    "longer has is deleted, unless it has bookings (then it stays as it is); new dates get new instances. Elapsed, " +
    "moved and cancelled instances are kept, and no occurrence is generated on a local date one of them holds. A kept " +
    "instance with bookings given a new time is a move (its confirmed and waitlisted attendees are emailed, as for PATCH " +
    "/instances `move`); one given more places fills them from its waitlist. " +
    `\`count\` counts every occurrence of the rule, kept ones included. ${RULES}`,
  security: admin.security,
  request: { params: SeriesParams, body: jsonBody(UpdateSeriesInput) },
  responses: {
    200: jsonResponse("The series and all its instances after the change, in chronological order", SeriesWithInstancesSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});
