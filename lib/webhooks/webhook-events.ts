/** The events an endpoint may subscribe to (issue 18 §2); `webhook.test` is sent on request only. */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.cancelled",
  "instance.cancelled",
  "instance.moved",
  "order.paid",
  "order.refunded",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = "webhook.test";
