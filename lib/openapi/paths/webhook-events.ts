// The events a webhook endpoint receives, as OpenAPI 3.1 `webhooks` (what the server sends, not an
// operation of this API): an integrator's generated types cover the bodies they verify.
import {
  BookingEventSchema,
  InstanceEventSchema,
  OrderEventSchema,
  TestEventSchema,
} from "@/lib/schemas/webhook-event";
import { z } from "@/lib/schemas/zod";
import { jsonBody, registry } from "../registry";

const SignatureHeaders = z.object({
  "webhook-id": z
    .string()
    .openapi({ description: "The message's id: the same on every attempt of it (deduplicate on it)" }),
  "webhook-timestamp": z.string().openapi({ description: "The attempt's time, in seconds since the epoch" }),
  "webhook-signature": z.string().openapi({
    description:
      '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the endpoint\'s secret, space-separated from a second ' +
      "signature by the previous secret for 24 hours after a rotation (Standard Webhooks)",
  }),
});

const responses = {
  200: { description: "Received: any 2xx within 10 seconds is a success" },
  "4XX": {
    description:
      "Any other answer, a redirect or none within 10 seconds is a failure: retried after 5 s, 5 min, 30 min, 2 h, " +
      "5 h, 10 h and 10 h",
  },
};

const EVENTS = [
  {
    type: "booking.created",
    operationId: "bookingCreatedEvent",
    summary: "A booking was made (status `confirmed` or `waitlisted`)",
    schema: BookingEventSchema,
  },
  {
    type: "booking.cancelled",
    operationId: "bookingCancelledEvent",
    summary: "A booking was cancelled (`cancelled`, `late_cancelled` or `cancelled_by_studio`)",
    schema: BookingEventSchema,
  },
  {
    type: "instance.cancelled",
    operationId: "instanceCancelledEvent",
    summary: "The studio cancelled a class",
    schema: InstanceEventSchema,
  },
  {
    type: "instance.moved",
    operationId: "instanceMovedEvent",
    summary: "A class got a new time",
    schema: InstanceEventSchema,
  },
  { type: "order.paid", operationId: "orderPaidEvent", summary: "An order was paid", schema: OrderEventSchema },
  {
    type: "order.refunded",
    operationId: "orderRefundedEvent",
    summary: "An order was refunded",
    schema: OrderEventSchema,
  },
  {
    type: "webhook.test",
    operationId: "webhookTestEvent",
    summary: "A test event, sent on request (POST /webhooks/{webhookId}/test)",
    schema: TestEventSchema,
  },
] as const;

for (const event of EVENTS) {
  registry.registerWebhook({
    method: "post",
    path: event.type,
    operationId: event.operationId,
    tags: ["Webhooks"],
    summary: event.summary,
    description: `Sent to the endpoints that subscribe to \`${event.type}\`, signed as Standard Webhooks says.`,
    security: [], // no credential of ours: the receiver checks the signature
    request: { headers: SignatureHeaders, body: jsonBody(event.schema) },
    responses,
  });
}
