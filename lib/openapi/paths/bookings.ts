import {
  BookingParams,
  CancelBookingQuery,
  BookingSchema,
  CreateBookingInput,
  ListMyBookingsParams,
  MyBookingSchema,
  PromoteBookingInput,
  RosterEntrySchema,
  UpdateBookingInput,
} from "@/lib/schemas/booking";
import { BookingOptionsSchema } from "@/lib/schemas/booking-options";
import { ErrorSchema } from "@/lib/schemas/common";
import { InstanceParams } from "@/lib/schemas/instance";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Bookings"];
const member = authFor("member");
const person = authFor("member", { personOnly: true });
const staff = authFor("staff");

/** One status with several possible messages: each is a named example. */
function errorsOf(status: number, messages: Record<string, string>) {
  return {
    description: Object.entries(messages)
      .map(([message, when]) => `\`${message}\`: ${when}`)
      .join("; "),
    content: {
      "application/json": {
        schema: ErrorSchema,
        examples: Object.fromEntries(
          Object.keys(messages).map((message, index) => [
            `e${index + 1}`,
            { summary: message, value: { error: message } },
          ]),
        ),
      },
    },
  };
}

const idempotencyKey = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      description:
        "Optional. The first response (status and body) is kept 24 hours per user and key; a repeat with the same body replays it " +
        "and books nothing more; the same key with another body answers 422; a repeat while the first still runs answers 409 `Request in progress`.",
      example: "b6f1c7e4-booking-1",
    }),
});

const unavailable = {
  ...errorResponse(503, "Service unavailable"),
  description:
    "Saturated, or a conflict between concurrent transactions persisted past the retries; `Retry-After` (seconds) tells when to try again",
  headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } },
};

registry.registerPath({
  method: "post",
  path: "/bookings",
  operationId: "createBooking",
  tags,
  summary: "Book a place in an instance (or join its waitlist)",
  description:
    "Books for the caller; an administrator, an API key, or a teacher for an instance they teach (in its `teacherIds`), may book a " +
    "member of the account in with `attendeeId` (a teacher for another instance: 403). An API key is no person: without " +
    "`attendeeId` it gets 403. Without `entitlementId` the usable " +
    "entitlement that expires first is used (status `active`, valid at the instance's start, a credit left, eligible for the event: " +
    "a course product's entitlement for its course's event only, and a class of a course's event only with the course's " +
    "entitlement unless the event has `dropInsAllowed`); it " +
    "loses one credit (unlimited ones none). Errors are checked in this order: 404 unknown instance; 409 `Instance is not bookable`; " +
    "409 `Booking is closed`; 409 `Already booked`; 409 `Booking is blocked`; 402 `No valid entitlement`; 409 `Instance is full`. When the instance is full, " +
    "`waitlist: true` and the account's waitlist is enabled, the answer is 201 with status `waitlisted` and no credit is taken until a " +
    "place comes free. Under any concurrency and any number of app processes: confirmed bookings never exceed capacity, a credit count " +
    "never goes below zero, an attendee never holds two live bookings of one instance. The confirmation email carries an .ics file.\n\n" +
    "A person may also book for their dependants (`attendeeId` of a user whose `guardianId` is the caller; GET /me/dependants): the " +
    "dependant's own pass pays, and the emails go to the guardian in the guardian's language. `guest` brings a guest instead " +
    "(decision 0038): the guest's identity is found by `email` or made (without one, an identity with `guardianId` = the caller), " +
    "made an attendee of the account, and booked by the same rules, paid with one credit of the caller's usable pass " +
    "(`entitlementId` names one of the caller's); 409 `Guests are not allowed` while the account's `bookingPolicy.guestsPerBooking` " +
    "is 0 (checked first), 409 `Too many guests` when the caller's live guest bookings of the instance reach it (checked after " +
    "`Already booked`). The guest with an email gets the confirmation; the caller sees the booking in GET /me/bookings and may cancel it.",
  security: member.security,
  request: { headers: idempotencyKey, body: jsonBody(CreateBookingInput) },
  responses: {
    201: jsonResponse("The booking (`confirmed` or `waitlisted`)", BookingSchema),
    400: errorResponse(400),
    ...member.responses,
    402: errorResponse(402, "No valid entitlement"),
    403: {
      ...errorResponse(403),
      description:
        "Insufficient permission: `attendeeId` by an attendee (other than one of their dependants), or by a teacher for a class " +
        "they do not teach; an API key without `attendeeId`, or with `guest`",
    },
    404: {
      ...errorResponse(404),
      description: "Unknown instance, or (administrators, API keys, teachers) an `attendeeId` that is not a member of the account",
    },
    409: errorsOf(409, {
      "Instance is not bookable":
        "cancelled, audience `nobody`, or audience `groups` without the attendee in one of `groupIds`",
      "Booking is closed":
        "before `opensDaysBefore` days or after `closesMinutesBefore` minutes before the start, or already started",
      "Guests are not allowed": "`guest` while the account's `bookingPolicy.guestsPerBooking` is 0",
      "Already booked": "the attendee holds a confirmed or waitlisted booking of the instance",
      "Booking is blocked":
        "the attendee's strikes (no-shows and late cancellations, the account's `bookingPolicy` strikes) block booking for now; " +
        "booking-options says until when, and an administrator may lift it (POST /users/{userId}/strikes/clear)",
      "Too many guests": "`guest`, and the caller's live guest bookings of the instance reach `guestsPerBooking`",
      "Instance is full": "no place left and no waitlist (`waitlist` not true, or the account's waitlist disabled)",
      "Request in progress": "a request with the same Idempotency-Key is still running",
    }),
    413: errorResponse(413),
    422: errorResponse(422),
    503: unavailable,
  },
});

registry.registerPath({
  method: "delete",
  path: "/bookings/{bookingId}",
  operationId: "cancelBooking",
  tags,
  summary: "Cancel a booking (its attendee, an administrator, or a teacher of its instance)",
  description:
    "A confirmed booking becomes `cancelled` with its credit returned before the cancellation window (`cancellationWindowHours` before the " +
    "start), `late_cancelled` with the credit kept inside it; a waitlisted booking becomes `cancelled`. The freed place goes at once to the " +
    "first waitlisted booking (queue order) whose attendee has a usable entitlement: it takes a credit, becomes `confirmed` and is emailed. " +
    "A cancellation frees one place however often it is sent: a booking that is no longer live answers 409. An attendee cannot see another " +
    "attendee's booking (404), but a person cancels their dependants' bookings and those of the guests they brought as their own; a teacher may cancel the bookings of the instances they teach, and another's booking of any other " +
    "instance answers them 403. `refundCredit=true` (an administrator, or a teacher of the instance): a confirmed booking becomes " +
    "`cancelled` with its credit returned even inside the cancellation window; anyone else passing it, the booking's own attendee " +
    "included, gets 403. Once the instance has started, its attendee (or their guardian or host) can no longer cancel: 409 " +
    "`Class has already started`; staff still can, to correct the roster.",
  security: member.security,
  request: { params: BookingParams, query: CancelBookingQuery },
  responses: {
    200: jsonResponse("The cancelled booking", BookingSchema),
    ...member.responses,
    403: errorResponse(403, "Insufficient permission"),
    404: errorResponse(404),
    409: errorsOf(409, {
      "Booking is already cancelled": "the booking is no longer live",
      "Class has already started": "an attendee cancelling after the start",
    }),
    503: unavailable,
  },
});

registry.registerPath({
  method: "patch",
  path: "/bookings/{bookingId}",
  operationId: "updateBooking",
  tags,
  summary: "Record attendance of a confirmed booking",
  description:
    "`attended` or `no_show`; `null` clears it. The booking stays `confirmed` and on the roster. Attendance can be marked from 30 minutes " +
    "before the instance starts: earlier answers 409 `Class has not started` (decided after authentication, the booking's existence in " +
    "this account (404) and permission (403)). Another status than `confirmed` answers 409 `Booking is not confirmed`. " +
    "An administrator, or a teacher for the instances they teach; a booking of another instance answers a teacher 403.",
  security: staff.security,
  request: { params: BookingParams, body: jsonBody(UpdateBookingInput) },
  responses: {
    200: jsonResponse("The booking", BookingSchema),
    400: errorResponse(400),
    ...staff.responses,
    404: errorResponse(404),
    409: {
      ...errorResponse(409, "Class has not started"),
      description:
        "`Class has not started` (earlier than 30 minutes before the instance starts); `Booking is not confirmed` (a booking that is not confirmed)",
    },
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/bookings/{bookingId}/promote",
  operationId: "promoteBooking",
  tags,
  summary: "Move a waitlisted booking up to a place (an administrator, or a teacher of its instance)",
  description:
    "The desk places one waitlisted person, ahead of the queue: the booking becomes `confirmed` and takes a credit of `entitlementId` " +
    "(the attendee's own, usable for the instance) or else of the attendee's usable entitlement that expires first. Checked in this " +
    "order: 404 unknown booking (or another account's); 403 a teacher who does not teach the instance; 409 `Booking is not waitlisted`; " +
    "409 `Instance is full` (no free place and `extraPlace` not true; with `extraPlace: true` the capacity grows by one and this " +
    "booking takes the new place, in the same transaction, and no one else is offered anything by that change); 402 `No valid entitlement`. Under the instance's row lock, as " +
    "bookings: confirmed bookings never exceed capacity. The attendee gets the waitlist promotion email with an .ics file.",
  security: staff.security,
  request: { params: BookingParams, body: { ...jsonBody(PromoteBookingInput), required: false } },
  responses: {
    200: jsonResponse("The confirmed booking", BookingSchema),
    400: errorResponse(400),
    402: errorResponse(402, "No valid entitlement"),
    ...staff.responses,
    404: errorResponse(404),
    409: errorsOf(409, {
      "Booking is not waitlisted": "the booking is confirmed, cancelled or already promoted",
      "Instance is full": "no place is free and `extraPlace` is not true",
    }),
    413: errorResponse(413),
    503: unavailable,
  },
});

registry.registerPath({
  method: "post",
  path: "/bookings/{bookingId}/claim",
  operationId: "claimBookingOffer",
  tags,
  summary: "Claim the place offered to a waitlisted booking (its attendee, their guardian, or the host of a guest)",
  description:
    "In the studio's waitlist mode `offer` (`bookingPolicy.waitlistMode`), a freed place more than `waitlistAutoWithinMinutes` before " +
    "the start is offered to the first waitlisted person who could be confirmed: the booking stays `waitlisted` with `offerExpiresAt`, " +
    "and the place is held for it (counted in the instance's `bookedCount`, so nobody else can book it). In the studio's " +
    "`bookingPolicy.quietHours` no offer expires (it expires at their end) and none is emailed (the email waits for their end, " +
    "the hold counted from then); a class that starts before their end gets the place automatically. Claiming it before " +
    "`offerExpiresAt` confirms the booking and takes its credit now (the entitlement named when joining, else the usable one that " +
    "expires first; 402 `No valid entitlement` when none is usable any longer). An offer not claimed in time passes to the next in " +
    "line and the booking leaves the waitlist. Checked in this order: 404 a booking the caller does not see; 403 staff claiming " +
    "someone else's booking; 409 `Booking has no offer`; 409 `Offer expired`.",
  security: person.security,
  request: { params: BookingParams },
  responses: {
    200: jsonResponse("The confirmed booking", BookingSchema),
    402: errorResponse(402, "No valid entitlement"),
    ...person.responses,
    404: errorResponse(404),
    409: errorsOf(409, {
      "Booking has no offer": "the booking is not waitlisted with an offer of a place",
      "Offer expired": "the offer's `offerExpiresAt` has passed",
    }),
    503: unavailable,
  },
});

registry.registerPath({
  method: "get",
  path: "/me/bookings",
  operationId: "listMyBookings",
  tags,
  summary: "The caller's bookings in the active account, with instance and event",
  description:
    "Every status, in chronological order of the instances (then booking time). `from` (inclusive) and `to` (exclusive) bound the " +
    "instance's start; each is optional (no bound). `to` must be after `from`, else 400. The caller's dependants' bookings and " +
    "those of the guests the caller brought are included: each names its `attendeeId`. A waitlisted booking says where it " +
    "stands in the queue (`booking.waitlistPosition`, 1 first).",
  security: person.security,
  request: { query: ListMyBookingsParams },
  responses: {
    200: jsonResponse("The bookings", z.array(MyBookingSchema)),
    400: errorResponse(400),
    ...person.responses,
  },
});

registry.registerPath({
  method: "get",
  path: "/instances/{instanceId}/roster",
  operationId: "getRoster",
  tags,
  summary: "The confirmed bookings of an instance with their attendees",
  description:
    "Confirmed bookings only (checked-in ones included: they stay `confirmed`), in booking order. An administrator, or a teacher " +
    "of the instance (in its `teacherIds`; another instance answers a teacher 403), who is not shown attendees' dates of birth.",
  security: staff.security,
  request: { params: InstanceParams },
  responses: {
    200: jsonResponse("The roster", z.array(RosterEntrySchema)),
    ...staff.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/instances/{instanceId}/waitlist",
  operationId: "getWaitlist",
  tags,
  summary: "The waitlisted bookings of an instance, in queue order",
  description:
    "Queue order: the time a booking joined the waitlist, then its id. The first with a usable entitlement gets the next free place. " +
    "An administrator, or a teacher of the instance (another instance answers a teacher 403), who is not shown dates of birth.",
  security: staff.security,
  request: { params: InstanceParams },
  responses: {
    200: jsonResponse("The waitlist", z.array(RosterEntrySchema)),
    ...staff.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/instances/{instanceId}/booking-options",
  operationId: "getBookingOptions",
  tags,
  summary: "What the caller can do about a class now, and why not",
  description:
    "Decided by the same checks, in the same order, as POST /bookings for the caller: `canBook` is true exactly when " +
    "POST /bookings without `waitlist` would answer 201; a full class with an open waitlist is `canBook: false`, " +
    "`action: \"waitlist\"`. 404 for an unknown or foreign instance, and for one whose audience is groups the caller is in none of.",
  security: person.security,
  request: { params: InstanceParams },
  responses: {
    200: jsonResponse("The caller's options", BookingOptionsSchema),
    ...person.responses,
    404: errorResponse(404),
  },
});
