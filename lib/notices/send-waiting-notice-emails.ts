import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import { configuredEmailTransport, countEmailFailure, logDelivery } from "@/lib/email/configured-transport";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { drainNoticeEmails, type NoticeDrainEvent } from "./drain-notice-emails";

/**
 * Drains the notice outbox now with the configured transport, reporting to the log; resolves with
 * how many emails were sent (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export async function sendWaitingNoticeEmails(options: { sql?: RawSql; now?: Date } = {}): Promise<number> {
  return drainNoticeEmails({
    sql: options.sql ?? getDatabase().raw,
    now: options.now,
    transport: configuredEmailTransport(),
    appUrl: env().APP_URL,
    onEvent: report,
  });
}

/** Row id, kind and error name only: never the address or the body. */
function report(event: NoticeDrainEvent): void {
  if (event.kind === "sent") return logDelivery({ toDomain: event.toDomain, subject: event.subject });
  countEmailFailure();
  const { kind, emailKind, ...rest } = event;
  const fields = { ...rest, kind: emailKind };
  if (kind === "given_up") log.error("notice email given up", fields);
  else log.warn("notice email not sent, will retry", fields);
}
