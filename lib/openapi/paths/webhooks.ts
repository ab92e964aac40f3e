import {
  CreatedWebhookSchema,
  CreateWebhookInput,
  ListWebhookDeliveriesParams,
  RotatedSecretSchema,
  UpdateWebhookInput,
  WebhookDeliveryParams,
  WebhookDeliverySchema,
  WebhookParams,
  WebhookSchema,
} from "@/lib/schemas/webhook";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

const tags = ["Webhooks"];
// Account-scoped administration: an API key may use it (docs/decisions/0023).
const admin = authFor("admin");
const invalid = errorResponse(400, "Validation failed");
const Accepted = z.object({ deliveryId: z.string() }).openapi("WebhookDeliveryAccepted");

const DELIVERY =
  "Deliveries are POSTed as JSON `{ type, timestamp, data }` and signed as the Standard Webhooks specification says " +
  "(`webhook-id`, the same on every attempt of a message; `webhook-timestamp`; `webhook-signature: v1,<base64 " +
  'HMAC-SHA256 of "id.timestamp.body">`), so e.g. the `standardwebhooks` library verifies them. An answer 2xx within ' +
  "10 seconds is a success; redirects are not followed. Failures are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h " +
  "and 10 h, then the delivery is `failed`; an endpoint whose deliveries keep failing for 5 days is disabled. " +
  "`data` is the resource as this API answers it, as of the change: `booking.created` and `booking.cancelled` a " +
  "`Booking` (`status` `confirmed` or `waitlisted`; `cancelled`, `late_cancelled` or `cancelled_by_studio`), " +
  "`instance.cancelled` and `instance.moved` an `Instance`, `order.paid` and `order.refunded` an `Order`; " +
  "`timestamp` is when the change was made.";

registry.registerPath({
  method: "get",
  path: "/webhooks",
  operationId: "listWebhooks",
  tags,
  summary: "The account's webhook endpoints (newest first), never their secrets",
  security: admin.security,
  responses: { 200: jsonResponse("The endpoints", z.array(WebhookSchema)), ...admin.responses },
});

registry.registerPath({
  method: "post",
  path: "/webhooks",
  operationId: "createWebhook",
  tags,
  summary: "Add a webhook endpoint",
  description:
    "`url` must be `https` and resolve to public addresses only (checked again at every delivery); `events` (each " +
    "once) says what is sent to it. The answer carries the signing `secret` (`whsec_…`), shown in this answer only " +
    "(stored encrypted, never logged). " +
    DELIVERY,
  security: admin.security,
  request: { body: jsonBody(CreateWebhookInput) },
  responses: {
    201: jsonResponse("The new endpoint and its signing secret (shown once)", CreatedWebhookSchema),
    400: invalid,
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/webhooks/{webhookId}",
  operationId: "updateWebhook",
  tags,
  summary: "Change a webhook endpoint: url, events, description, status",
  description: "`status: enabled` turns an endpoint disabled after failures back on. Another account's endpoint: 404.",
  security: admin.security,
  request: { params: WebhookParams, body: jsonBody(UpdateWebhookInput) },
  responses: {
    200: jsonResponse("The endpoint", WebhookSchema),
    400: invalid,
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "delete",
  path: "/webhooks/{webhookId}",
  operationId: "deleteWebhook",
  tags,
  summary: "Delete a webhook endpoint and its deliveries",
  security: admin.security,
  request: { params: WebhookParams },
  responses: { 204: { description: "Deleted" }, ...admin.responses, 404: errorResponse(404) },
});

registry.registerPath({
  method: "post",
  path: "/webhooks/{webhookId}/test",
  operationId: "testWebhook",
  tags,
  summary: "Send a `webhook.test` event to the endpoint",
  description: "Delivered within seconds like any event (see `GET /webhooks/{webhookId}/deliveries`). " + DELIVERY,
  security: admin.security,
  request: { params: WebhookParams },
  responses: { 202: jsonResponse("On its way", Accepted), ...admin.responses, 404: errorResponse(404) },
});

registry.registerPath({
  method: "post",
  path: "/webhooks/{webhookId}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags,
  summary: "Replace the endpoint's signing secret",
  description:
    "Answers the new secret once. For 24 hours the previous secret signs too: `webhook-signature` carries two " +
    "`v1,` signatures, so the receiver can switch to the new secret without refusing a message.",
  security: admin.security,
  request: { params: WebhookParams },
  responses: {
    200: jsonResponse("The new secret (shown once)", RotatedSecretSchema),
    ...admin.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/webhooks/{webhookId}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "The endpoint's deliveries, newest first, in pages",
  description:
    "Without `limit` every delivery; with `limit` a page and `Link: <…&cursor=…>; rel=next` (RFC 8288) while more " +
    "remain. A delivery that succeeded or failed is kept for 30 days after it was enqueued, then deleted.",
  security: admin.security,
  request: { params: WebhookParams, query: ListWebhookDeliveriesParams },
  responses: {
    200: {
      description: "The deliveries",
      headers: { Link: linkHeader },
      content: { "application/json": { schema: z.array(WebhookDeliverySchema) } },
    },
    400: invalid,
    ...admin.responses,
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "post",
  path: "/webhooks/{webhookId}/deliveries/{deliveryId}/retry",
  operationId: "retryWebhookDelivery",
  tags,
  summary: "Attempt a delivery again now",
  description:
    "One more attempt within seconds, whatever the delivery's status, with the same `webhook-id` and body; a " +
    "`failed` delivery that fails again stays `failed`. Another endpoint's or account's delivery: 404.",
  security: admin.security,
  request: { params: WebhookDeliveryParams },
  responses: { 202: jsonResponse("Due now", Accepted), ...admin.responses, 404: errorResponse(404) },
});
