// The app's drains as the jobs runner calls them (lib/jobs/app-jobs.ts), for tests that drain an
// outbox themselves, with what a test changes (a database, a batch size, the clock).
import { drainBookingEmails } from "@/lib/bookings/booking-email-jobs";
import { appEmailJobOptions, appWebhookJobOptions } from "@/lib/jobs/app-job-options";
import type { RawSql } from "@/lib/db/raw-sql";
import { drainNoticeEmails } from "@/lib/notices/notice-email-jobs";
import { drainWebhookDeliveries } from "@/lib/webhooks/webhook-delivery-jobs";

/** The booking outbox drained now (or at `now`); resolves with how many emails were sent. */
export function sendWaitingBookingEmails(
  options: { batchSize?: number; sql?: RawSql; now?: Date } = {},
): Promise<number> {
  const app = appEmailJobOptions();
  return drainBookingEmails({ ...app, sql: options.sql ?? app.sql, batchSize: options.batchSize, now: options.now });
}

/** The notice outbox drained now; resolves with how many emails were sent. */
export function sendWaitingNoticeEmails(options: { sql?: RawSql; now?: Date } = {}): Promise<number> {
  const app = appEmailJobOptions();
  return drainNoticeEmails({ ...app, sql: options.sql ?? app.sql, now: options.now });
}

/** The webhook deliveries due at `now` attempted; resolves with the attempts made. */
export async function sendDueWebhooks(options: { now: Date | (() => Date); timeoutMs?: number }): Promise<number> {
  return drainWebhookDeliveries({ ...appWebhookJobOptions(), now: options.now, timeoutMs: options.timeoutMs });
}
