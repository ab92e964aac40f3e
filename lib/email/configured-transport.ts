import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/registry";
import type { DeliveryNote, EmailTransport } from "./transport";

/** The transport EMAIL_TRANSPORT names, with its settings, as the email workers take it. */
export function configuredEmailTransport(): EmailTransport {
  const config = env();
  switch (config.EMAIL_TRANSPORT) {
    case "outbox":
      return { kind: "outbox", dir: config.EMAIL_OUTBOX_DIR };
    case "resend":
      return { kind: "resend", apiKey: config.RESEND_API_KEY ?? "", from: config.EMAIL_FROM };
    case "log":
      return { kind: "log" };
  }
}

/** The host name in the calendar events' UIDs (`booking-<id>@<host>`). */
export function calendarHost(): string {
  return new URL(env().APP_URL).hostname;
}

/**
 * A message the transport took: counted (emails_sent_total), and with the `log` transport recorded,
 * the recipient's domain and the subject, nothing else. Every sender reports its sent emails here.
 */
export function logDelivery(note: DeliveryNote): void {
  metrics().emailsSent.inc();
  if (env().EMAIL_TRANSPORT === "log") log.info("email sent", note);
}

/** An attempt to send an email that failed, to be retried or given up (emails_failed_total). */
export function countEmailFailure(): void {
  metrics().emailsFailed.inc();
}
