// Sends the emails waiting in the notice outbox (decision 0024): emails to one person that are not
// about a booking. Plain SQL (RawSql) and no server-only, so the sender's sweep can run it.
import type { RawSql } from "@/lib/db/raw-sql";
import type { EmailOutcome, NoticeEmailJob } from "@/lib/email/email-worker";
import { settleOutboxBatch } from "@/lib/email/settle-outbox-batch";
import { runInEmailWorker } from "@/lib/email/email-workers";
import type { EmailTransport } from "@/lib/email/transport";
import type { NoticeEmailFacts, NoticeEmailKind } from "./notice-email-facts";

const BATCH_SIZE = 50;
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is kept from other drains: longer than a batch takes to render and send. */
const LEASE_MS = 120_000;

/** A claimed row with what its email says (null where its subject is gone). */
type ClaimedNotice = {
  id: string;
  kind: NoticeEmailKind;
  attempts: number;
  accountName: string;
  accountSlug: string;
  locale: string;
  timezone: string;
  recipientEmail: string;
  recipientName: string;
  recipientLocale: string | null;
  recipientStatus: string;
  productName: string | null;
  entitlementStatus: string | null;
  remainingClasses: number | null;
  validUntil: Date | null;
  webhookUrl: string | null;
  webhookStatus: string | null;
  failingSince: Date | null;
};

/** What a drain reports: a sent email (recipient's domain and subject), a failure, a give-up. Never the address. */
export type NoticeDrainEvent =
  | { kind: "sent"; toDomain: string; subject: string }
  | { kind: "retrying" | "given_up"; noticeId: string; emailKind: string; attempts: number; errorName: string };

export type NoticeDrainOptions = {
  sql: RawSql;
  transport: EmailTransport;
  /** The public origin (APP_URL) for the emails' links. */
  appUrl: string;
  batchSize?: number;
  onEvent?: (event: NoticeDrainEvent) => void;
};

/**
 * Sends the notice emails waiting in the outbox, a batch at a time, until none is left; returns how
 * many were sent. A batch is claimed with a lease (SKIP LOCKED), so any number of processes may
 * drain at once; it is rendered and sent in an email worker thread and its rows deleted once sent.
 * At least once: a process that dies mid-batch leaves its rows to the claim after the lease, and
 * each message keeps its id (`notice-<kind>-<rowId>`) across attempts, so a repeat is harmless. A
 * failed send is retried after the lease and given up (deleted, reported) after MAX_ATTEMPTS.
 */
export async function drainNoticeEmails(options: NoticeDrainOptions): Promise<number> {
  const limit = options.batchSize ?? BATCH_SIZE;
  let sent = 0;
  for (;;) {
    const batch = await claim(options.sql, limit);
    if (batch.length === 0) return sent;
    const jobs = batch.map((row) => jobOf(row, options.appUrl));
    const outcomes = await runInEmailWorker({ kind: "notice-emails", transport: options.transport, jobs });
    const done = settle(batch, outcomes, options.onEvent);
    if (done.length > 0)
      await options.sql.query({ text: `DELETE FROM "NoticeEmail" WHERE "id" = ANY($1::bigint[])`, values: [done] });
    sent += outcomes.filter((outcome) => "sent" in outcome).length;
    // rows that failed wait out their lease: a later sweep retries them, not this loop
    if (batch.length < limit) return sent;
  }
}

function claim(sql: RawSql, limit: number): Promise<ClaimedNotice[]> {
  return sql.query<ClaimedNotice>({
    text: `
    WITH claimed AS (
      UPDATE "NoticeEmail"
      SET "lockedUntil" = now() + $1::int * interval '1 millisecond', "attempts" = "attempts" + 1
      WHERE "id" IN (
        SELECT "id" FROM "NoticeEmail"
        WHERE "lockedUntil" IS NULL OR "lockedUntil" < now()
        ORDER BY "id" LIMIT $2::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "accountId", "kind", "userId", "entitlementId", "webhookId", "attempts"
    )
    SELECT c."id"::text AS "id", c."kind", c."attempts",
      a."name" AS "accountName", a."slug" AS "accountSlug", a."locale", a."timezone",
      u."email" AS "recipientEmail", u."displayName" AS "recipientName", u."locale" AS "recipientLocale",
      u."status" AS "recipientStatus",
      p."name" AS "productName", e."status" AS "entitlementStatus", e."remainingClasses", e."validUntil",
      w."url" AS "webhookUrl", w."status" AS "webhookStatus", w."failingSince"
    FROM claimed c
    JOIN "Account" a ON a."id" = c."accountId"
    JOIN "User" u ON u."id" = c."userId"
    LEFT JOIN "Entitlement" e ON e."id" = c."entitlementId" AND e."accountId" = c."accountId"
    LEFT JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = c."accountId"
    LEFT JOIN "Webhook" w ON w."id" = c."webhookId" AND w."accountId" = c."accountId"
    ORDER BY c."id"`,
    values: [LEASE_MS, limit],
  });
}

/** The message id is the outbox row's: the same for every attempt, distinct for every email. */
function jobOf(row: ClaimedNotice, appUrl: string): NoticeEmailJob {
  return { id: `notice-${row.kind.replace(/[^a-z_]/g, "")}-${row.id}`, facts: factsOf(row, appUrl) };
}

/**
 * What the email says, or null when it is no longer to be sent: the pass was used up, refunded or
 * ended meanwhile, the endpoint was enabled again, the recipient was disabled.
 */
function factsOf(row: ClaimedNotice, appUrl: string): NoticeEmailFacts | null {
  if (row.recipientStatus === "disabled") return null;
  const recipient = {
    recipientEmail: row.recipientEmail,
    recipientName: row.recipientName,
    recipientLocale: row.recipientLocale,
    accountName: row.accountName,
    accountSlug: row.accountSlug,
    locale: row.locale,
    timezone: row.timezone,
    appUrl,
  };
  switch (row.kind) {
    case "pass_one_left":
    case "pass_expiring": {
      if (row.productName === null || row.entitlementStatus !== "active") return null;
      if (row.kind === "pass_one_left" && row.remainingClasses !== 1) return null;
      const { productName, remainingClasses, validUntil } = row;
      return { kind: row.kind, ...recipient, productName, remainingClasses, validUntil };
    }
    case "webhook_disabled": {
      if (row.webhookUrl === null || row.webhookStatus !== "disabled") return null;
      return { kind: row.kind, ...recipient, webhookHost: hostOf(row.webhookUrl), failingSince: row.failingSince };
    }
    default: // a row written by raw SQL with a kind this code does not know: given up after its attempts
      return { ...recipient, kind: row.kind } as unknown as NoticeEmailFacts;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

/** The rows to delete (sent, no longer due, or given up), each failure reported. */
function settle(batch: ClaimedNotice[], outcomes: EmailOutcome[], onEvent = reportToConsole): string[] {
  return settleOutboxBatch(batch, outcomes, {
    maxAttempts: MAX_ATTEMPTS,
    onSent: (note) => onEvent({ kind: "sent", ...note }),
    onFailed: (row, { givenUp, errorName }) =>
      onEvent({
        kind: givenUp ? "given_up" : "retrying",
        noticeId: row.id,
        emailKind: row.kind,
        attempts: row.attempts,
        errorName,
      }),
  });
}

/** Without a logger: failures only, never an address or a body. */
function reportToConsole(event: NoticeDrainEvent): void {
  if (event.kind !== "sent") console.warn(`notice email ${event.kind}: ${JSON.stringify(event)}`);
}
