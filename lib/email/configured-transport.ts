import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
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

/** The `log` transport's record of a message: the recipient's domain and the subject, nothing else. */
export function logDelivery(note: DeliveryNote): void {
  if (env().EMAIL_TRANSPORT === "log") log.info("email sent", note);
}
