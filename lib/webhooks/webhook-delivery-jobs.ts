// Sends the webhook deliveries due in the outbox (decision 0023). Plain SQL (RawSql): any number of
// processes may drain at once; a claim leases its rows (SKIP LOCKED), so no attempt is made twice.
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook as Signer } from "standardwebhooks";
import type { RawSql } from "@/lib/db/raw-sql";
import { consoleJobLog, runJobs, type JobKind, type JobLog, type Settled } from "@/lib/jobs/run-jobs";
import { decryptWebhookSecret } from "./webhook-secret";

/** Waits after the attempt that failed (1st, 2nd, …): some 28 hours in all, then the delivery has failed. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose deliveries have failed this long without a success is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
export const DELIVERY_TIMEOUT_MS = 10_000;

type ClaimedDelivery = {
  id: string;
  webhookId: string;
  payload: string;
  attempts: number;
  url: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
};

/** An attempt's answer: the status code, or null when none came (timeout, refused, blocked address). */
type Attempt = { statusCode: number | null; errorName?: string };

export type WebhookDrainEvent = {
  kind: "delivered" | "retrying" | "failed" | "endpoint_disabled";
  deliveryId: string;
  webhookId: string;
  attempts: number;
  statusCode: number | null;
  errorName?: string;
};

export type WebhookDrainOptions = {
  sql: RawSql;
  /** The time, or a clock read before each batch (the sender's: a long drain's signatures stay fresh). */
  now: Date | (() => Date);
  secretKey: string;
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  batchSize?: number;
  /** Where deliveries, retries, failures and disabled endpoints are logged (the console without one). */
  log?: JobLog;
  onEvent?: (event: WebhookDrainEvent) => void;
};

/** An attempt's outcome for the runner, with the status code it got (null: none). */
type DeliveryOutcome = ({ done: true } | { failed: string }) & Attempt;

/**
 * Webhook deliveries as a kind of background work (decisions 0023, 0028): due at `nextAttemptAt`
 * while their endpoint is enabled, attempted at once within a batch, retried after each of
 * RETRY_DELAYS_MS, and kept with their outcome as the deliveries log.
 */
export const webhookDeliveryJobs: JobKind<ClaimedDelivery, WebhookDrainOptions, DeliveryOutcome> = {
  name: "webhook deliveries",
  noun: "webhook delivery",
  // ids and the status code: never a URL, a body or a secret
  logFields: (delivery, outcome) => ({
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    statusCode: outcome?.statusCode ?? null,
  }),
  table: `"WebhookDelivery"`,
  idType: "text",
  join: `JOIN "Webhook" w ON w."id" = j."webhookId" AND w."accountId" = j."accountId"`,
  due: `j."status" = 'pending' AND j."nextAttemptAt" <= $1::timestamp AND w."status" = 'enabled'`,
  order: `j."nextAttemptAt"`,
  returning: `"id", "accountId", "webhookId", "payload", "attempts"`,
  select: `
    SELECT c."id", c."webhookId", c."payload", c."attempts", w."url", w."secretEncrypted",
      w."previousSecretEncrypted", w."previousSecretExpiresAt"
    FROM claimed c JOIN "Webhook" w ON w."id" = c."webhookId" AND w."accountId" = c."accountId"`,
  batchSize: 20,
  /** Longer than an attempt can take: a process that dies mid-attempt leaves the row to the next claim after it. */
  leaseMs: 60_000,
  retryDelaysMs: RETRY_DELAYS_MS,
  handle: (batch, options, now) =>
    Promise.all(
      batch.map(async (delivery): Promise<DeliveryOutcome> => {
        const result = await attempt(options, now ?? new Date(), delivery);
        return isSuccess(result.statusCode)
          ? { done: true, ...result }
          : { failed: result.errorName ?? "Error", ...result };
      }),
    ),
  settle: async (sql, settled, now, options) => {
    await Promise.all(settled.map((entry) => settle(sql, now ?? new Date(), entry, options.onEvent)));
  },
};

/**
 * Attempts every delivery due, a batch at a time, until none is due; returns the attempts made.
 * The runner logs retries and failures; a delivery and a disabled endpoint are logged here (ids,
 * counts and status codes only).
 */
export async function drainWebhookDeliveries(options: WebhookDrainOptions): Promise<number> {
  const log = options.log ?? consoleJobLog;
  let attempted = 0;
  const counting = {
    ...options,
    onEvent: (event: WebhookDrainEvent) => {
      if (event.kind !== "endpoint_disabled") attempted++;
      const { kind, ...fields } = event;
      if (kind === "delivered") log.info("webhook delivered", fields);
      // its administrators' emails were written with the change: the runner sends them after the deliveries
      else if (kind === "endpoint_disabled") log.error("webhook endpoint disabled after 5 days of failures", fields);
      options.onEvent?.(event);
    },
  };
  await runJobs(webhookDeliveryJobs, {
    sql: options.sql,
    context: counting,
    now: options.now,
    batchSize: options.batchSize,
    log,
  });
  return attempted;
}

/** The `webhook-signature` header: the secret's `v1,…`, and the previous secret's while it still signs. */
export function signatureHeader(options: { id: string; at: Date; payload: string; secrets: string[] }): string {
  return options.secrets.map((secret) => new Signer(secret).sign(options.id, options.at, options.payload)).join(" ");
}

function secretsOf(options: WebhookDrainOptions, now: Date, delivery: ClaimedDelivery): string[] {
  const secrets = [decryptWebhookSecret(delivery.secretEncrypted, options.secretKey)];
  const { previousSecretEncrypted, previousSecretExpiresAt } = delivery;
  if (previousSecretEncrypted && previousSecretExpiresAt && previousSecretExpiresAt > now)
    secrets.push(decryptWebhookSecret(previousSecretEncrypted, options.secretKey));
  return secrets;
}

/**
 * One POST with the Standard Webhooks headers: the delivery's id (the same every attempt), the
 * attempt's time, the signatures. No redirects are followed (a 3xx is a failure), the whole
 * attempt is cut off after the timeout, and the address is checked as the connection is made.
 */
async function attempt(options: WebhookDrainOptions, now: Date, delivery: ClaimedDelivery): Promise<Attempt> {
  let headers: Record<string, string>;
  try {
    headers = {
      "content-type": "application/json",
      "user-agent": "studio-booking-webhooks/1",
      "webhook-id": delivery.id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signatureHeader({
        id: delivery.id,
        at: now,
        payload: delivery.payload,
        secrets: secretsOf(options, now, delivery),
      }),
    };
  } catch (error) {
    return { statusCode: null, errorName: error instanceof Error ? error.name : "Error" };
  }
  return post(delivery.url, headers, delivery.payload, options);
}

function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookDrainOptions,
): Promise<Attempt> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    if (!secure && !options.allowPrivateUrls) return resolve({ statusCode: null, errorName: "NotHttps" });
    const filter = { allowPrivateIPAddress: options.allowPrivateUrls };
    const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
    const send = secure ? https.request : http.request;
    const done = (result: Attempt) => {
      clearTimeout(timer);
      agent.destroy();
      resolve(result);
    };
    const request = send(
      target,
      { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume(); // the answer's body is not read, only its status
        response.on("end", () => done({ statusCode: response.statusCode ?? null }));
        response.on("error", () => done({ statusCode: response.statusCode ?? null }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error("timeout"));
      done({ statusCode: null, errorName: "Timeout" });
    }, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    request.on("error", (error) => done({ statusCode: null, errorName: error.name }));
    request.end(body);
  });
}

const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/** Records the attempt: succeeded, due again after the next delay, or failed; and the endpoint's failure count. */
async function settle(
  sql: RawSql,
  now: Date,
  [delivery, settlement, outcome]: Settled<ClaimedDelivery, DeliveryOutcome>,
  report: (event: WebhookDrainEvent) => void = () => undefined,
): Promise<void> {
  const statusCode = outcome?.statusCode ?? null;
  const succeeded = settlement.kind === "done";
  const nextAttemptAt = settlement.kind === "retry" ? new Date(now.getTime() + settlement.afterMs) : null;
  await sql.query({
    text: `UPDATE "WebhookDelivery"
      SET "status" = $2::"WebhookDeliveryStatus", "lastStatusCode" = $3::int, "nextAttemptAt" = $4::timestamp,
        "lockedUntil" = NULL
      WHERE "id" = $1`,
    values: [delivery.id, succeeded ? "succeeded" : nextAttemptAt ? "pending" : "failed", statusCode, nextAttemptAt],
  });
  if (succeeded)
    await sql.query({
      text: `UPDATE "Webhook" SET "failingSince" = NULL WHERE "id" = $1`,
      values: [delivery.webhookId],
    });
  const disabled = !succeeded && (await recordFailure(sql, delivery.webhookId, now));
  const event = {
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    attempts: delivery.attempts,
    statusCode,
    ...(outcome?.errorName && { errorName: outcome.errorName }),
  };
  report({ kind: succeeded ? "delivered" : nextAttemptAt ? "retrying" : "failed", ...event });
  if (disabled) report({ kind: "endpoint_disabled", ...event });
}

/**
 * A failed attempt: the endpoint's run of failures starts now unless it has started already; then,
 * when that run is 5 days old, the endpoint is disabled and each of the studio's administrators gets
 * an email (a `webhook_disabled` row in the notice outbox, decision 0024) in the same statement.
 * The UPDATE only flips an endpoint that is still enabled, and PostgreSQL re-checks that for a drain
 * that waited on another's lock, so however many drains fail at once, one disables it and its
 * administrators are told once. Returns whether this attempt disabled it.
 */
async function recordFailure(sql: RawSql, webhookId: string, now: Date): Promise<boolean> {
  const [endpoint] = await sql.query<{ failingSince: Date; status: string }>({
    text: `UPDATE "Webhook" SET "failingSince" = COALESCE("failingSince", $2::timestamp) WHERE "id" = $1
      RETURNING "failingSince", "status"`,
    values: [webhookId, now],
  });
  if (!endpoint || endpoint.status !== "enabled" || now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS)
    return false;
  const disabled = await sql.query<{ id: string }>({
    text: `
    WITH disabled AS (
      UPDATE "Webhook" SET "status" = 'disabled'::"WebhookStatus"
      WHERE "id" = $1 AND "status" = 'enabled'
        AND "failingSince" <= $2::timestamp - $3::int * interval '1 millisecond'
      RETURNING "id", "accountId"
    ), notified AS (
      INSERT INTO "NoticeEmail" ("accountId", "kind", "userId", "webhookId")
      SELECT d."accountId", 'webhook_disabled', m."userId", d."id"
      FROM disabled d
      JOIN "Membership" m ON m."accountId" = d."accountId" AND m."persona" = 'administrator'
      JOIN "User" u ON u."id" = m."userId" AND u."status" <> 'disabled'
    )
    SELECT "id" FROM disabled`,
    values: [webhookId, now, DISABLE_AFTER_MS],
  });
  return disabled.length > 0;
}
