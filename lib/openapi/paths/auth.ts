import {
  AccountIdParams,
  AttendeeRegistrationInput,
  AttendeeRegistrationResponseSchema,
  ConsumeMagicLinkInput,
  ConsumeMagicLinkResponseSchema,
  MagicLinkRequestedSchema,
  MagicLinkRequestInput,
  SignUpInput,
  SignUpResponseSchema,
  SwitchAccountInput,
} from "@/lib/schemas/auth";
import { SessionSchema } from "@/lib/schemas/session";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tooManyRequests = {
  ...errorResponse(429),
  headers: z.object({
    "Retry-After": z
      .number()
      .int()
      .positive()
      .openapi({ description: "Seconds until the limit's 15-minute window ends", example: 840 }),
  }),
};
const none = authFor("none");
const person = authFor("member", { personOnly: true });

/** How the sign-in emails' language is chosen (lib/i18n/locales.ts emailLocale). */
const EMAIL_LANGUAGE =
  " The email is in the user's own language (`locale` of `GET /me`), else in the language of the `studio_locale` " +
  "cookie the request carries (`da` or `en`, the web pages' language switcher), else in the account's language " +
  "when its locale is Danish or English, else in English.";

registry.registerPath({
  method: "post",
  path: "/auth/signup",
  operationId: "signUp",
  tags: ["Authentication"],
  summary: "Create a studio account with its first administrator",
  description:
    "Creates the account (slug derived from `accountName`, timezone Europe/Copenhagen, locale da-DK, currency DKK), " +
    "an administrator identity with its membership, and emails a single-use sign-in link valid 15 minutes. " +
    "`magicLink.token` is present only in demo mode. Limited to 30 sign-ups per client IP per 15 minutes." +
    EMAIL_LANGUAGE,
  security: none.security,
  request: { body: jsonBody(SignUpInput) },
  responses: {
    201: jsonResponse("Account, administrator and link expiry", SignUpResponseSchema),
    400: errorResponse(400),
    409: errorResponse(409, "Email already registered"),
    413: errorResponse(413),
    429: tooManyRequests,
  },
});

registry.registerPath({
  method: "post",
  path: "/auth/magic-links",
  operationId: "requestMagicLink",
  tags: ["Authentication"],
  summary: "Email a sign-in link to a user of an account",
  description:
    "Sends a single-use link, valid 15 minutes, to an existing user of the account. Older unexpired links stay valid. " +
    "Limited to 5 requests per email and account and 30 per client IP per 15 minutes; every request counts." +
    EMAIL_LANGUAGE,
  security: none.security,
  request: { body: jsonBody(MagicLinkRequestInput) },
  responses: {
    202: jsonResponse("The link is on its way", MagicLinkRequestedSchema),
    400: errorResponse(400),
    404: errorResponse(404),
    413: errorResponse(413),
    429: tooManyRequests,
  },
});

registry.registerPath({
  method: "post",
  path: "/auth/magic-links/consume",
  operationId: "consumeMagicLink",
  tags: ["Authentication"],
  summary: "Exchange a magic-link token for a Bearer session",
  description:
    "Works once per link: of concurrent consumes of one token exactly one succeeds. Creates a 30-day session whose " +
    "`id` is the Bearer credential. An invited user becomes active.",
  security: none.security,
  request: { body: jsonBody(ConsumeMagicLinkInput) },
  responses: {
    200: jsonResponse("Signed in", ConsumeMagicLinkResponseSchema),
    400: errorResponse(400),
    401: errorResponse(401, "Magic link is used or expired"),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/auth/logout",
  operationId: "logOut",
  tags: ["Authentication"],
  summary: "Delete the presented session",
  description: "The session's credential stops working at once; a cookie that carried it is cleared.",
  security: person.security,
  responses: { 204: { description: "Signed out" }, ...person.responses },
});

registry.registerPath({
  method: "post",
  path: "/session/account",
  operationId: "switchAccount",
  tags: ["Authentication"],
  summary: "Change the session's active account",
  description:
    "Only to an account where the user holds a membership; any other id answers 404. The credential stays the same. " +
    "The answer's `id` is the presented Bearer credential; for a session presented as a cookie it is empty " +
    "(an HttpOnly cookie's value never goes in a body a page's script could read).",
  security: person.security,
  request: { body: jsonBody(SwitchAccountInput) },
  responses: {
    200: jsonResponse("The session with its new active account", SessionSchema),
    400: errorResponse(400),
    ...person.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/accounts/{accountId}/attendees",
  operationId: "registerAttendee",
  tags: ["Authentication"],
  summary: "Register as an attendee of an account",
  description:
    "Creates or reuses the identity of the normalized email, adds an attendee membership if the person does not " +
    "participate yet, and always emails a new single-use sign-in link for this account. Limited to 5 registrations " +
    "per email and account and 300 per client IP per 15 minutes. The caller needs no credentials, so the " +
    "`user` answered carries only the identity's id, the normalized email and what the caller sent " +
    "(`status` `active`, `dateOfBirth` null), never what is stored about a known identity." +
    EMAIL_LANGUAGE,
  security: none.security,
  request: { params: AccountIdParams, body: jsonBody(AttendeeRegistrationInput) },
  responses: {
    201: jsonResponse("The account and the registered identity", AttendeeRegistrationResponseSchema),
    400: errorResponse(400),
    404: errorResponse(404),
    413: errorResponse(413),
    429: tooManyRequests,
  },
});
