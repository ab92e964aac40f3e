import {
  EntitlementIdParams,
  EntitlementSchema,
  PauseEntitlementInput,
  ResumeEntitlementInput,
} from "@/lib/schemas/entitlement";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Commerce"];
const person = authFor("member", { personOnly: true });
const admin = authFor("admin");

const CANCEL_DESCRIPTION =
  "Sets `cancelAt` to the end of the paid period (`validUntil`): the subscription stays usable until then and is not renewed " +
  "(neither by the renewal job nor by a later Stripe invoice); a Stripe subscription is set to `cancel_at_period_end` (503 when " +
  "Stripe cannot be reached; nothing changes); a MobilePay membership's Vipps MobilePay agreement is stopped and its charge not yet " +
  "taken cancelled, so nothing more is charged (503 when Vipps MobilePay cannot be reached; nothing changes). Cancelling again answers the same entitlement. 409 `Entitlement is not a " +
  "subscription` for any other product, 409 `Membership has ended` for a refunded, revoked or ended one (one no longer " +
  "renewed; a membership whose paid period has passed while its renewal is still to come may be cancelled).";

registry.registerPath({
  method: "post",
  path: "/me/entitlements/{entitlementId}/cancel",
  operationId: "cancelMyMembership",
  tags,
  summary: "Cancel your subscription at the end of its paid period",
  description: `${CANCEL_DESCRIPTION} Another person's entitlement: 404.`,
  security: person.security,
  request: { params: EntitlementIdParams },
  responses: {
    200: jsonResponse("The cancelled subscription", EntitlementSchema),
    ...person.responses,
    404: errorResponse(404),
    409: errorResponse(409, "Entitlement is not a subscription"),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/entitlements/{entitlementId}/cancel",
  operationId: "cancelMembership",
  tags,
  summary: "Cancel a member's subscription at the end of its paid period",
  description: CANCEL_DESCRIPTION,
  security: admin.security,
  request: { params: EntitlementIdParams },
  responses: {
    200: jsonResponse("The cancelled subscription", EntitlementSchema),
    ...admin.responses,
    404: errorResponse(404),
    409: errorResponse(409, "Entitlement is not a subscription"),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/entitlements/{entitlementId}/pause",
  operationId: "pauseMembership",
  tags,
  summary: "Pause an entitlement",
  description:
    "Classes starting on the studio's dates `from` ≤ day < `until` are not covered (booking them answers 402 `No valid " +
    "entitlement`; booking-options says the membership is paused until when). `validUntil` (so the next renewal) and " +
    "`cancelAt` move later by the pause's length. Its confirmed bookings of classes on those days still to start are " +
    "cancelled by the studio: the credit goes back, the holder gets the studio's cancellation email, the place goes to the " +
    "waitlist; standing places skip those days. One pause at a time: 400 when it overlaps the stored pause or that one has not " +
    "ended yet (an ended pause is replaced, its days stay added), and when it starts on or after the day the entitlement ends.",
  security: admin.security,
  request: { params: EntitlementIdParams, body: jsonBody(PauseEntitlementInput) },
  responses: {
    200: jsonResponse("The paused entitlement", EntitlementSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorResponse(409, "Request in progress"),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/entitlements/{entitlementId}/resume",
  operationId: "resumeMembership",
  tags,
  summary: "End a pause early",
  description:
    "From `on` (default today, the studio's date) classes are covered again: `pausedUntil` becomes `on` and `validUntil` (and " +
    "`cancelAt`) move back by the unused days; a pause not started yet is removed whole. 409 `Entitlement is not paused` when no " +
    "pause runs past `on`.",
  security: admin.security,
  request: { params: EntitlementIdParams, body: jsonBody(ResumeEntitlementInput) },
  responses: {
    200: jsonResponse("The resumed entitlement", EntitlementSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorResponse(409, "Entitlement is not paused"),
    413: errorResponse(413),
  },
});
