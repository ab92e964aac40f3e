import {
  CreateDurationPresetInput,
  DurationPresetParams,
  DurationPresetSchema,
  UpdateDurationPresetInput,
} from "@/lib/schemas/duration-preset";
import { CreateEventInput, EventParams, EventSchema, UpdateEventInput } from "@/lib/schemas/event";
import {
  InstanceExceptionSchema,
  InstanceParams,
  InstanceSchema,
  ListInstanceExceptionsQuery,
  ListInstancesParams,
  UpdateInstanceInput,
} from "@/lib/schemas/instance";
import { CreateLocationInput, LocationParams, LocationSchema, UpdateLocationInput } from "@/lib/schemas/location";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Programme"];
const member = authFor("member");
const admin = authFor("admin");

// ---------------------------------------------------------------- locations

registry.registerPath({
  method: "get",
  path: "/locations",
  operationId: "listLocations",
  tags,
  summary: "Every location of the account, active and archived (oldest first)",
  security: member.security,
  responses: { 200: jsonResponse("The locations", z.array(LocationSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/locations",
  operationId: "createLocation",
  tags,
  summary: "Create a location",
  description: "`name` is required. Defaults: `address` empty, `capacity` 20, `status` `active`.",
  security: admin.security,
  request: { body: jsonBody(CreateLocationInput) },
  responses: {
    201: jsonResponse("The new location", LocationSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/locations/{locationId}",
  operationId: "updateLocation",
  tags,
  summary: "Edit a location (partial)",
  description:
    "Changes the defaults for future event edits only: events keep the name and capacity they copied, and " +
    "archiving rewrites no event and no instance.",
  security: admin.security,
  request: { params: LocationParams, body: jsonBody(UpdateLocationInput) },
  responses: {
    200: jsonResponse("The location", LocationSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- duration presets

registry.registerPath({
  method: "get",
  path: "/duration-presets",
  operationId: "listDurationPresets",
  tags,
  summary: "Every duration preset of the account, active and archived (oldest first)",
  security: member.security,
  responses: { 200: jsonResponse("The duration presets", z.array(DurationPresetSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/duration-presets",
  operationId: "createDurationPreset",
  tags,
  summary: "Create a duration preset",
  description: "`name` and `minutes` (positive integer) are required; `status` defaults to `active`.",
  security: admin.security,
  request: { body: jsonBody(CreateDurationPresetInput) },
  responses: {
    201: jsonResponse("The new duration preset", DurationPresetSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/duration-presets/{presetId}",
  operationId: "updateDurationPreset",
  tags,
  summary: "Edit a duration preset (partial)",
  description: "Existing events keep their stored duration until edited; archiving rewrites nothing.",
  security: admin.security,
  request: { params: DurationPresetParams, body: jsonBody(UpdateDurationPresetInput) },
  responses: {
    200: jsonResponse("The duration preset", DurationPresetSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- events

registry.registerPath({
  method: "get",
  path: "/events",
  operationId: "listEvents",
  tags,
  summary: "Every event definition of the account, of every status (oldest first)",
  security: member.security,
  responses: { 200: jsonResponse("The events", z.array(EventSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/events",
  operationId: "createEvent",
  tags,
  summary: "Create an event definition, and with `startsAt` one instance",
  description:
    "`title` and `durationMinutes` are required. `status` defaults to `published`. A `locationId` (a location of " +
    "this account, else 400) supplies the `location` name and, unless `capacity` is given, the capacity; with " +
    "neither the capacity is 20. `teacherIds` must be users with a membership in the account (else 400). With " +
    "`startsAt` one instance is created in the same transaction (`endsAt = startsAt + durationMinutes`, the " +
    "event's capacity, audience `everyone`); it is listed by GET /instances. The response is the Event.",
  security: admin.security,
  request: { body: jsonBody(CreateEventInput) },
  responses: {
    201: jsonResponse("The new event", EventSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/events/{eventId}",
  operationId: "updateEvent",
  tags,
  summary: "Edit an event definition (partial)",
  description:
    "A chosen `locationId` supplies its name and, unless `capacity` is explicit in the same request, its capacity; " +
    "`locationId: null` detaches the location and keeps the `location` text. Existing instances are not rewritten, " +
    "except their teachers: new `teacherIds` (members of the account, else 400) become the `teacherIds` of every instance " +
    "of the event that has not started and has no teachers of its own; started instances keep theirs. A new place (`location`, " +
    "or a `locationId` of another name) is a move of the event's instances that have not started: their confirmed and " +
    "waitlisted attendees are emailed the old and new place with an .ics that updates their calendar event. " +
    "`startsAt` is accepted on create only.",
  security: admin.security,
  request: { params: EventParams, body: jsonBody(UpdateEventInput) },
  responses: {
    200: jsonResponse("The event", EventSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- instances

registry.registerPath({
  method: "get",
  path: "/instances",
  operationId: "listInstances",
  tags,
  summary: "Instances whose start lies in [from, to), in chronological order",
  description:
    "Every status, of published and unpublished events, ordered by `startsAt` then `id`. Without `from` and `to`: " +
    "now to 90 days ahead; only `from`: 90 days from it; only `to`: the 90 days before it. `from` must be before " +
    "`to` and the range at most 366 days, else 400.",
  security: member.security,
  request: { query: ListInstancesParams },
  responses: {
    200: jsonResponse("The instances", z.array(InstanceSchema)),
    400: errorResponse(400),
    ...member.responses,
  },
});

registry.registerPath({
  method: "patch",
  path: "/instances/{instanceId}",
  operationId: "updateInstance",
  tags,
  summary: "Cancel, move, restore an instance or change who may book it, its capacity or its teachers",
  description:
    "`cancel`: status `cancelled`, a `cancel` exception; its confirmed and waitlisted bookings become " +
    "`cancelled_by_studio`, credits are returned and the attendees are emailed. `move` (needs `startsAt`): `endsAt` keeps the duration, " +
    "status `moved`, a `move` exception; the first original time is kept for restore; a `startsAt` that is not in the future, or an " +
    "instance that has started, answers 409 `Instance cannot start in the past`. Every confirmed and waitlisted attendee of a moved " +
    "class is emailed the old and new time and place with an .ics that updates the event in their calendar (the UID of the booking's " +
    "confirmation, a higher SEQUENCE, METHOD:REQUEST), and the waitlist is filled for the new time. `restore`: a cancelled or " +
    "moved instance returns to its original time and `scheduled`, a `restore` exception (a moved one's attendees are emailed as for a " +
    "move); bookings cancelled by a cancel are not revived. `bookability`: replaces `audience` and `groupIds` (`groups` needs existing groups of " +
    "this account; `everyone` and `nobody` clear `groupIds`), status unchanged, no exception. `capacity`: sets the " +
    "capacity (an integer ≥ 0), status unchanged, no exception; confirmed bookings above a lowered capacity are kept, and a raised capacity " +
    "promotes the waitlist in queue order as a cancellation does (emailed; not once the class has started). `teachers` (a " +
    "substitute): replaces `teacherIds` (members of the account, else 400), records a `teachers` exception with the original and " +
    "replacement teacher ids, emails the attendees with a confirmed booking of a class not yet started, and later changes of the " +
    "event's teachers no longer reach the instance; the public schedule shows the instance's teachers. Every change and its " +
    "exception are written in one transaction; siblings are unchanged.",
  security: admin.security,
  request: { params: InstanceParams, body: jsonBody(UpdateInstanceInput) },
  responses: {
    200: jsonResponse("The instance", InstanceSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: {
      ...errorResponse(409, "Instance is cancelled"),
      description:
        "`Instance is cancelled` (cancel, move or teachers of a cancelled instance); `Instance is not cancelled or moved` " +
        "(restore of an instance that was never cancelled or moved); `Instance cannot start in the past` (a move to a time that is " +
        "not in the future, or of an instance that has started)",
    },
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "get",
  path: "/instance-exceptions",
  operationId: "listInstanceExceptions",
  tags,
  summary: "Audit records of moves, cancellations, restores and teacher changes, in the order they were made",
  description: "Ordered by `createdAt`, oldest first. `instanceId` narrows the list to one instance.",
  security: member.security,
  request: { query: ListInstanceExceptionsQuery },
  responses: {
    200: jsonResponse("The instance exceptions", z.array(InstanceExceptionSchema)),
    400: errorResponse(400),
    ...member.responses,
  },
});
