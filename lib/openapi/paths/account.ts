import { AccountSettingsSchema } from "@/lib/schemas/account";
import { UpdateAccountInput } from "@/lib/schemas/account-input";
import { CreateGroupInput, GroupIdParams, GroupSchema, GroupUserParams, UpdateGroupInput } from "@/lib/schemas/group";
import { MeSchema, MyAccountSchema, UpdatedMeSchema } from "@/lib/schemas/me";
import { ListUsersParams, PersonSchema, PersonSummarySchema, UserSchema } from "@/lib/schemas/user";
import {
  InvitationSchema,
  InviteUserInput,
  UpdateMeInput,
  UpdateUserInput,
  UserIdParams,
} from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

const member = authFor("member");
const person = authFor("member", { personOnly: true });
const admin = authFor("admin");
const staff = authFor("staff");
const tags = ["Account"];
const notFound = errorResponse(404, "Resource not found");
const tooLarge = errorResponse(413, "Payload too large");
const invalid = errorResponse(400, "Validation failed");
const noContent = { description: "Done; no body" };

registry.registerPath({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags,
  summary: "The signed-in user, the active account and the persona held there",
  security: person.security,
  responses: { 200: jsonResponse("The caller", MeSchema), ...person.responses },
});

registry.registerPath({
  method: "patch",
  path: "/me",
  operationId: "updateMe",
  tags,
  summary: "Set or clear the caller's date of birth and language",
  security: person.security,
  request: { body: jsonBody(UpdateMeInput) },
  responses: {
    200: jsonResponse("The updated user", UpdatedMeSchema),
    400: invalid,
    ...person.responses,
    413: tooLarge,
  },
});

registry.registerPath({
  method: "get",
  path: "/me/accounts",
  operationId: "listMyAccounts",
  tags,
  summary: "Every account of the caller, with the persona there and the session's active one marked",
  security: person.security,
  responses: { 200: jsonResponse("The caller's accounts", z.array(MyAccountSchema)), ...person.responses },
});

registry.registerPath({
  method: "get",
  path: "/account",
  operationId: "getAccount",
  tags,
  summary: "The active account with its legal details",
  description:
    "The account as `GET /me` shows it, plus `legal`: the studio's legal name, address, VAT/CVR number and VAT rate, printed on its receipts.",
  security: admin.security,
  responses: { 200: jsonResponse("The account", AccountSettingsSchema), ...admin.responses },
});

registry.registerPath({
  method: "patch",
  path: "/account",
  operationId: "updateAccount",
  tags,
  summary: "Change the active account's name, timezone, locale, booking policy, profile and legal details",
  description:
    "Partial: absent fields stay. `timezone` must be a known IANA name and `locale` a well-formed BCP 47 tag (400 otherwise); both are stored in canonical spelling. `bookingPolicy` is partial too; its `quietHours` is `{ from, to }` (HH:MM each, not equal; 400 otherwise) or null for none. `profile` (partial) is the studio's public profile shown on its pages and returned by `GET /public/accounts/{slug}`: a field sent sets it, `null` clears it, an absent one stays; `accentColor` must be `#rrggbb`, `logoUrl` an https:// URL, `website` an http(s):// URL and `contactEmail` an email address (400 with `details` naming the field otherwise). `legal` (partial, each field nullable; a blank text clears it too) holds the legal details printed on receipts: `name`, `address`, `vatNumber` and `vatRate`, a percentage from 0 to 100 with at most two decimals (Danish moms: 25). Orders paid from then on carry the VAT at the new rate; paid orders keep theirs.",
  security: admin.security,
  request: { body: jsonBody(UpdateAccountInput) },
  responses: {
    200: jsonResponse("The updated account", AccountSettingsSchema),
    400: invalid,
    ...admin.responses,
    413: tooLarge,
  },
});

registry.registerPath({
  method: "get",
  path: "/users",
  operationId: "listUsers",
  tags,
  summary: "The people of the active account: list, search, pages",
  description:
    "An administrator: every person holding a membership in the active account, each with the persona held there, by " +
    "`displayName` then `email`. `q` keeps those with, for each word of `q`, a word of the name or email beginning with it; " +
    "case and accents do not count, and Danish letters fold to their ASCII spelling (ø → o, æ → ae, å → a): \"sor\" finds " +
    "\"Søren\" and \"ida.sorensen@…\", \"ren\" finds neither. `persona` keeps one persona. Without `limit` the whole list " +
    "(no `Link`); with `limit` a page, and `Link: </api/users?…&cursor=…>; rel=next` (RFC 8288, a reference relative to " +
    "the request) while more remain; follow it until it is absent. Pages are a keyset on (`displayName`, `email`): a person " +
    "is never skipped or repeated when names tie. A teacher may search (to book a walk-in): with `q` only (403 without), " +
    "answered `PersonSummary` rows (id, displayName, email). An attendee: 403.",
  security: staff.security,
  request: { query: ListUsersParams },
  responses: {
    200: {
      description:
        "An administrator: `Person` rows. A teacher: `PersonSummary` rows. In the order above; at most `limit` of them.",
      headers: { Link: linkHeader },
      content: { "application/json": { schema: z.array(z.union([PersonSchema, PersonSummarySchema])) } },
    },
    400: invalid,
    ...staff.responses,
  },
});

registry.registerPath({
  method: "post",
  path: "/users/invitations",
  operationId: "inviteUser",
  tags,
  summary: "Add a person to the active account",
  description:
    "A new email (normalized: trimmed, lower-cased) becomes a user with status `invited`; an existing identity keeps its status, name and date of birth. No email is sent: the person signs in through POST /auth/magic-links.",
  security: admin.security,
  request: { body: jsonBody(InviteUserInput) },
  responses: {
    201: jsonResponse("The user and the new membership", InvitationSchema),
    400: invalid,
    ...admin.responses,
    409: errorResponse(409, "User already participates in this account"),
    413: tooLarge,
  },
});

registry.registerPath({
  method: "patch",
  path: "/users/{userId}",
  operationId: "updateUser",
  tags,
  summary: "Edit a user of the active account",
  description:
    "Any of `displayName`, `email`, `dateOfBirth` (null clears it) and `persona` (of the membership in this account). Emails are unique across accounts: an email of another user, or an email change of a user who also belongs to another account, answers 400 with a `details` entry for `email`. Making the account's last administrator a teacher or an attendee answers 400 with a `details` entry for `persona`.",
  security: admin.security,
  request: { params: UserIdParams, body: jsonBody(UpdateUserInput) },
  responses: {
    200: jsonResponse("The updated user", UserSchema),
    400: invalid,
    ...admin.responses,
    404: notFound,
    413: tooLarge,
  },
});

registry.registerPath({
  method: "delete",
  path: "/memberships/{userId}",
  operationId: "removeMembership",
  tags,
  summary: "Remove a user from the active account",
  description:
    "Also removes the user from the account's groups, ends their sessions whose active account is this one, and cancels their future confirmed and waitlisted bookings in the account (`cancelled_by_studio`, credits returned, freed places offered to the waitlist). Their identity and other accounts stay.",
  security: admin.security,
  request: { params: UserIdParams },
  responses: {
    204: noContent,
    ...admin.responses,
    404: notFound,
    409: errorResponse(409, "You cannot remove your active membership"),
  },
});

registry.registerPath({
  method: "get",
  path: "/groups",
  operationId: "listGroups",
  tags,
  summary: "The active account's groups, by name",
  security: member.security,
  responses: { 200: jsonResponse("Groups with their member ids", z.array(GroupSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/groups",
  operationId: "createGroup",
  tags,
  summary: "Create an empty group",
  security: admin.security,
  request: { body: jsonBody(CreateGroupInput) },
  responses: {
    201: jsonResponse("The new group, with empty userIds", GroupSchema),
    400: invalid,
    ...admin.responses,
    413: tooLarge,
  },
});

registry.registerPath({
  method: "patch",
  path: "/groups/{groupId}",
  operationId: "updateGroup",
  tags,
  summary: "Rename a group",
  security: admin.security,
  request: { params: GroupIdParams, body: jsonBody(UpdateGroupInput) },
  responses: {
    200: jsonResponse("The renamed group", GroupSchema),
    400: invalid,
    ...admin.responses,
    404: notFound,
    413: tooLarge,
  },
});

registry.registerPath({
  method: "delete",
  path: "/groups/{groupId}",
  operationId: "deleteGroup",
  tags,
  summary: "Delete a group",
  description: "Instances restricted to the group keep its id and are not opened to another audience.",
  security: admin.security,
  request: { params: GroupIdParams },
  responses: { 204: noContent, ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "post",
  path: "/groups/{groupId}/users/{userId}",
  operationId: "addGroupMember",
  tags,
  summary: "Add a user of the active account to a group",
  description:
    "Adding a user who is already in the group changes nothing. A user who is not a member of the account: 404.",
  security: admin.security,
  request: { params: GroupUserParams },
  responses: { 200: jsonResponse("The group", GroupSchema), ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "delete",
  path: "/groups/{groupId}/users/{userId}",
  operationId: "removeGroupMember",
  tags,
  summary: "Remove a user from a group",
  description: "Unknown group, or a user who is not in the group: 404.",
  security: admin.security,
  request: { params: GroupUserParams },
  responses: { 200: jsonResponse("The updated group", GroupSchema), ...admin.responses, 404: notFound },
});
