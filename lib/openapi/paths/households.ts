import { UserSchema } from "@/lib/schemas/user";
import { CreateDependantInput, UpdateDependantInput, UserIdParams } from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

// Dependants (issue 33 §1, decision 0038): children a guardian books and pays for.

const tags = ["Account"];
const person = authFor("member", { personOnly: true });
const admin = authFor("admin");
const notYours = {
  ...errorResponse(404),
  description:
    "Not one of the caller's dependants in the active account (anyone else's, a removed one, another studio's)",
};
const dependantDescription =
  "A dependant is a user with `email: null`, `status: active` and `guardianId` = the guardian, an attendee of the studio who never " +
  "signs in: the guardian books for them (POST /bookings `attendeeId`), buys for them (POST /checkout `forUserId`, a price's " +
  "`minAge`/`maxAge` judged on the dependant's `dateOfBirth`), sees their bookings and passes with their own, and gets their emails.";

registry.registerPath({
  method: "post",
  path: "/me/dependants",
  operationId: "createMyDependant",
  tags,
  summary: "Add a child you book for",
  description: `${dependantDescription} The new dependant is an attendee of the active account.`,
  security: person.security,
  request: { body: jsonBody(CreateDependantInput) },
  responses: {
    201: jsonResponse("The dependant", UserSchema),
    400: errorResponse(400),
    ...person.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "get",
  path: "/me/dependants",
  operationId: "listMyDependants",
  tags,
  summary: "Your dependants in the active account, by name",
  security: person.security,
  responses: { 200: jsonResponse("The dependants", z.array(UserSchema)), ...person.responses },
});

registry.registerPath({
  method: "patch",
  path: "/me/dependants/{userId}",
  operationId: "updateMyDependant",
  tags,
  summary: "Rename a dependant or correct their date of birth",
  security: person.security,
  request: { params: UserIdParams, body: jsonBody(UpdateDependantInput) },
  responses: {
    200: jsonResponse("The dependant", UserSchema),
    400: errorResponse(400),
    ...person.responses,
    404: notYours,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "delete",
  path: "/me/dependants/{userId}",
  operationId: "deleteMyDependant",
  tags,
  summary: "Remove a dependant from the studio",
  description:
    "Their future bookings are cancelled (`cancelled_by_studio`, credits returned, the places to the waitlist); past bookings " +
    "and orders stay as history. The dependant is no longer listed nor bookable.",
  security: person.security,
  request: { params: UserIdParams },
  responses: { 204: { description: "Removed" }, ...person.responses, 404: notYours },
});

registry.registerPath({
  method: "post",
  path: "/users/{userId}/dependants",
  operationId: "createUserDependant",
  tags,
  summary: "Add a child to a member at the desk",
  description: `${dependantDescription} 404 when \`userId\` is no member of the active account, or is a dependant.`,
  security: admin.security,
  request: { params: UserIdParams, body: jsonBody(CreateDependantInput) },
  responses: {
    201: jsonResponse("The dependant", UserSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});
