import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { drainWebhookDeliveries, type WebhookDrainEvent } from "./drain-webhook-deliveries";

/** Attempts the deliveries due at `now` with the configured settings, reporting to the log (the jobs runner, lib/jobs/app-jobs.ts; tests). */
export async function sendDueWebhooks(options: {
  now: Date | (() => Date);
  timeoutMs?: number;
  sql?: RawSql;
}): Promise<number> {
  const settings = env(); // async: a setting or database that fails is a rejection, never a throw in a timer
  return drainWebhookDeliveries({
    sql: options.sql ?? getDatabase().raw,
    now: options.now,
    timeoutMs: options.timeoutMs,
    secretKey: settings.WEBHOOK_SECRET_KEY,
    allowPrivateUrls: settings.WEBHOOK_ALLOW_PRIVATE_URLS,
    onEvent: report,
  });
}

/** Ids, counts and status codes only: never a URL, a body or a secret. */
function report(event: WebhookDrainEvent): void {
  const { kind, ...fields } = event;
  if (kind === "delivered") log.info("webhook delivered", fields);
  else if (kind === "retrying") log.warn("webhook not delivered, will retry", fields);
  else if (kind === "failed") log.error("webhook delivery failed", fields);
  // its administrators' emails were written with the change: the runner sends them after the deliveries
  else log.error("webhook endpoint disabled after 5 days of failures", fields);
}
