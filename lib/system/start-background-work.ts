import "server-only";
import { startBookingEmailSender } from "@/lib/bookings/booking-email-outbox";
import { startWebhookSender } from "@/lib/webhooks/webhook-sender";

const background = globalThis as typeof globalThis & { __studioBackgroundStarted?: boolean };

/**
 * A serving process's background work, started once: the booking email sender's and the webhook sender's
 * sweeps, which also send what a process that died left in their outboxes. Started by the servers when they boot
 * (instrumentation.ts; the tests' app server and api helper), never on import: `next build` loads
 * the server code too, and must not touch a database.
 */
export function startBackgroundWork(): void {
  if (background.__studioBackgroundStarted) return;
  background.__studioBackgroundStarted = true;
  startBookingEmailSender();
  startWebhookSender();
}
