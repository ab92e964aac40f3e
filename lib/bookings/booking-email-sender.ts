import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import {
  calendarHost,
  configuredEmailTransport,
  countEmailFailure,
  logDelivery,
} from "@/lib/email/configured-transport";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { drainBookingEmails, type DrainEvent } from "./drain-booking-emails";

/**
 * Drains the booking outbox now with the configured transport, reporting to the log; resolves with
 * how many emails were sent (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingBookingEmails(options: { batchSize?: number; sql?: RawSql } = {}): Promise<number> {
  return drainBookingEmails({
    // one database for the whole drain: the ids of its batches mean nothing in any other (tests swap them)
    sql: options.sql ?? getDatabase().raw,
    transport: configuredEmailTransport(),
    calendarHost: calendarHost(),
    appUrl: env().APP_URL,
    batchSize: options.batchSize,
    onEvent: report,
  });
}

/** Booking id, kind and error name only: never the address or the body. */
function report(event: DrainEvent): void {
  if (event.kind === "sent") return logDelivery({ toDomain: event.toDomain, subject: event.subject });
  countEmailFailure();
  const { kind, emailKind, ...rest } = event;
  const fields = { ...rest, kind: emailKind };
  if (kind === "given_up") log.error("booking email given up", fields);
  else log.warn("booking email not sent, will retry", fields);
}
