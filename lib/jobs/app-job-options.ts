import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import {
  calendarHost,
  configuredEmailTransport,
  countEmailFailure,
  logDelivery,
} from "@/lib/email/configured-transport";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { JobLog } from "./run-jobs";

/** The app's log, as the runner writes retries and give-ups to it. */
export const jobLog: JobLog = log;

/** What every app drain runs with: the app's database and log. */
export function appJobOptions(): { sql: RawSql; log: JobLog } {
  return { sql: getDatabase().raw, log: jobLog };
}

export type AppEmailJobOptions = ReturnType<typeof appJobOptions> & {
  transport: EmailTransport;
  /** The app's host name, for calendar events' UIDs. */
  calendarHost: string;
  /** The app's public origin (APP_URL), for the emails' links. */
  appUrl: string;
  /** Each email sent (emails_sent_total; the log with the log transport). */
  onSent: (note: DeliveryNote) => void;
  /** Each failed attempt, to be retried or given up (emails_failed_total). */
  onFailed: () => void;
};

/** What the app's email drains run with: the configured transport and the metrics of what they send. */
export function appEmailJobOptions(): AppEmailJobOptions {
  return {
    ...appJobOptions(),
    transport: configuredEmailTransport(),
    calendarHost: calendarHost(),
    appUrl: env().APP_URL,
    onSent: logDelivery,
    onFailed: countEmailFailure,
  };
}

/** What the app's webhook drain runs with: the clock read before each batch, the secrets' key, the URL rule. */
export function appWebhookJobOptions(): ReturnType<typeof appJobOptions> & {
  now: () => Date;
  secretKey: string;
  allowPrivateUrls: boolean;
} {
  const settings = env();
  return {
    ...appJobOptions(),
    now: () => new Date(),
    secretKey: settings.WEBHOOK_SECRET_KEY,
    allowPrivateUrls: settings.WEBHOOK_ALLOW_PRIVATE_URLS,
  };
}
