// An integrator's webhook receiver against the typed client that CI generates (`npm run openapi:check`):
// it verifies a delivery's Standard Webhooks signature with the `standardwebhooks` library, then
// handles the event by its type, typed from the document's `webhooks`.
import { Webhook } from "standardwebhooks";
import type { components } from "../../.openapi/schema";

type StudioEvent =
  | components["schemas"]["BookingEvent"]
  | components["schemas"]["InstanceEvent"]
  | components["schemas"]["OrderEvent"]
  | components["schemas"]["WebhookTestEvent"];

/** The event of a delivery whose signature holds under `secret` (`whsec_…`); throws otherwise. */
export function verifiedEvent(secret: string, body: string, headers: Record<string, string>): StudioEvent {
  return new Webhook(secret).verify(body, headers) as StudioEvent;
}

/** What an integrator's CRM might note of each event; `webhook-id` deduplicates repeats. */
export function describeEvent(event: StudioEvent): string {
  switch (event.type) {
    case "booking.created":
    case "booking.cancelled":
      return `${event.type}: booking ${event.data.id} of ${event.data.attendeeId} is ${event.data.status}`;
    case "instance.cancelled":
    case "instance.moved":
      return `${event.type}: class ${event.data.id} starts ${event.data.startsAt}`;
    case "order.paid":
    case "order.refunded":
      return `${event.type}: order ${event.data.id}, ${event.data.amount} ${event.data.currency}`;
    case "webhook.test":
      return `webhook.test for ${event.data.webhookId}`;
  }
}
