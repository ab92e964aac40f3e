import {
  CreateStandingBookingInput,
  StandingBookingParams,
  StandingBookingSchema,
} from "@/lib/schemas/standing-booking";
import { UserIdParams } from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { authFor, errorChoices, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Bookings"];
const person = authFor("member", { personOnly: true });
const admin = authFor("admin");

const WHAT =
  "A standing place (\"fast plads\") books every class of the series for the member as soon as its booking window " +
  "opens (the account's `bookingPolicy.opensDaysBefore` before the start), ahead of everyone else, and at once for " +
  "classes already open: one booking per class, with the usable pass that expires first, by the rules of POST " +
  "/bookings (capacity, credits). Standing places are booked in the order they were made; a full class puts the member " +
  "on its waitlist (when the account has one); a class that cannot be booked for lack of a pass is skipped and the " +
  "member emailed once (\"buy a pass to keep your place\"). A class the member cancels is not booked again. One active " +
  "standing place per person and series: asking again answers the existing one with 200. 409 `Standing bookings are " +
  "off` while the account's `bookingPolicy.standingBookings` is false.";

const STOP = "Stops the standing place (`status: stopped`): no class is booked for it from now on; the bookings it made stay.";

registry.registerPath({
  method: "get",
  path: "/me/standing-bookings",
  operationId: "listMyStandingBookings",
  tags,
  summary: "Your standing places in the session's studio (active first, then oldest first)",
  security: person.security,
  responses: { 200: jsonResponse("Your standing places", z.array(StandingBookingSchema)), ...person.responses },
});

registry.registerPath({
  method: "post",
  path: "/me/standing-bookings",
  operationId: "createMyStandingBooking",
  tags,
  summary: "Keep your place in a series every week",
  description: `${WHAT} 404 for a series of another studio, or one you may not see (of an unpublished event, or ended).`,
  security: person.security,
  request: { body: jsonBody(CreateStandingBookingInput) },
  responses: {
    201: jsonResponse("The standing place, its open classes booked", StandingBookingSchema),
    200: jsonResponse("The standing place you already keep in the series", StandingBookingSchema),
    400: errorResponse(400),
    ...person.responses,
    404: errorResponse(404),
    409: errorChoices(["Standing bookings are off"]),
  },
});

registry.registerPath({
  method: "delete",
  path: "/me/standing-bookings/{standingBookingId}",
  operationId: "stopMyStandingBooking",
  tags,
  summary: "Stop one of your standing places",
  description: `${STOP} 404 for anyone else's.`,
  security: person.security,
  request: { params: StandingBookingParams },
  responses: {
    200: jsonResponse("The standing place, stopped", StandingBookingSchema),
    ...person.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/users/{userId}/standing-bookings",
  operationId: "listUserStandingBookings",
  tags,
  summary: "A member's standing places (active first, then oldest first)",
  security: admin.security,
  request: { params: UserIdParams },
  responses: {
    200: jsonResponse("The member's standing places", z.array(StandingBookingSchema)),
    ...admin.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "post",
  path: "/users/{userId}/standing-bookings",
  operationId: "createUserStandingBooking",
  tags,
  summary: "Give a member a standing place in a series",
  description: `${WHAT} Any series of the studio. 404 for a person who is not a member, or a series of another studio.`,
  security: admin.security,
  request: { params: UserIdParams, body: jsonBody(CreateStandingBookingInput) },
  responses: {
    201: jsonResponse("The standing place, its open classes booked", StandingBookingSchema),
    200: jsonResponse("The standing place the member already keeps in the series", StandingBookingSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorChoices(["Standing bookings are off"]),
  },
});

registry.registerPath({
  method: "delete",
  path: "/standing-bookings/{standingBookingId}",
  operationId: "stopStandingBooking",
  tags,
  summary: "Stop a member's standing place",
  description: `${STOP} 404 for another studio's.`,
  security: admin.security,
  request: { params: StandingBookingParams },
  responses: {
    200: jsonResponse("The standing place, stopped", StandingBookingSchema),
    ...admin.responses,
    404: errorResponse(404),
  },
});
