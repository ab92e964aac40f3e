import { MyDataSchema } from "@/lib/schemas/my-data";
import { UserIdParams } from "@/lib/schemas/user-input";
import { authFor, errorChoices, errorResponse, jsonResponse, registry } from "../registry";

// A person's own data (issue 31 §3): download it, erase it; and an administrator's erasure.

const tags = ["Account"];
const person = authFor("member", { personOnly: true });
const admin = authFor("admin");
const noContent = { description: "Done; no body" };

const ERASURE =
  "In every studio the person belongs to, their subscriptions stop renewing (as POST /me/entitlements/{entitlementId}/cancel " +
  "does: usable to the end of the paid period, Stripe billing no further period; 503 and nothing erased when Stripe cannot be " +
  "reached), and the membership ends as DELETE /memberships/{userId} ends it (groups, sessions, " +
  "sign-in links; future confirmed and waitlisted bookings cancelled as `cancelled_by_studio`, credits returned, freed places " +
  "offered to the waitlist); nothing waiting to be emailed to them is sent, their calendar feeds stop. Then the identity is " +
  "erased: email replaced by an undeliverable address of its own (under the reserved `.invalid` domain), name by " +
  '"Deleted member" (in Danish studios "Slettet medlem"), date of birth, phone and language removed, status `disabled` (the ' +
  "studio's notes about them end with the membership, and the rows of imports that wrote them keep no copy of the file); every " +
  "session and sign-in link ends. The address may sign up again, as a new person. Orders, receipts, passes and past " +
  "bookings stay, pointing at the erased identity: the Danish Bookkeeping Act keeps them five years. The person's household " +
  "goes with them, in the same transactions and by the same rule: their dependants (`POST /me/dependants`, removed ones " +
  "too) and the guests without an email they brought, who have no identity but through them.";

registry.registerPath({
  method: "get",
  path: "/me/export",
  operationId: "exportMyData",
  tags,
  summary: "Download everything the service holds about you",
  description:
    "Your identity and, for every studio you belong to, your membership, bookings, passes, orders and consents, as JSON " +
    "with `Content-Disposition: attachment` (GDPR articles 15 and 20).",
  security: person.security,
  responses: {
    200: {
      ...jsonResponse("Your data", MyDataSchema),
      headers: {
        "Content-Disposition": { description: 'attachment; filename="my-data-<YYYY-MM-DD>.json"', schema: { type: "string" as const } },
      },
    },
    ...person.responses,
  },
});

registry.registerPath({
  method: "delete",
  path: "/me",
  operationId: "deleteMe",
  tags,
  summary: "Delete your profile: leave every studio and erase your identity",
  description: `${ERASURE} 409 \`You are the last administrator of a studio\` while you are the only administrator of any studio you belong to (make someone else one first).`,
  security: person.security,
  responses: {
    204: noContent,
    ...person.responses,
    409: errorResponse(409, "You are the last administrator of a studio"),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/users/{userId}/erase",
  operationId: "erasePerson",
  tags,
  summary: "Erase a person who belongs to this studio only",
  description:
    `What DELETE /me does, asked by the studio. ${ERASURE} A person who also belongs to another studio: 409 ` +
    "`Person belongs to another studio` (so does one whose dependant does; remove the membership instead: DELETE /memberships/{userId}). Yourself: 409 `You " +
    "cannot remove your active membership`. Someone who is not a member here (another studio's person included): 404. The " +
    "studio's last administrator (an API key asking): 409 `You are the last administrator of a studio`.",
  security: admin.security,
  request: { params: UserIdParams },
  responses: {
    204: noContent,
    ...admin.responses,
    404: errorResponse(404, "Resource not found"),
    409: errorChoices([
      "Person belongs to another studio",
      "You cannot remove your active membership",
      "You are the last administrator of a studio",
    ]),
    503: errorResponse(503),
  },
});
