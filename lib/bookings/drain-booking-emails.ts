// Sends the booking emails waiting in the outbox table. Plain SQL (RawSql) and no server-only: the
// app's sender (booking-email-sender.ts) and the bench's raw server drain the same way.
import type { RawSql } from "@/lib/db/raw-sql";
import type { BookingEmailJob, BookingEmailOutcome } from "@/lib/email/email-worker";
import { settleOutboxBatch } from "@/lib/email/settle-outbox-batch";
import { runInEmailWorker } from "@/lib/email/email-workers";
import type { EmailTransport } from "@/lib/email/transport";
import type { BookingNotice } from "./booking-notice";
import type { BookingEmailFacts } from "./render-booking-email";

/** Emails claimed at once: some 40 ms of rendering in the worker. */
const BATCH_SIZE = 100;
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is kept from other drains (deleteAndClaim's lease). */
const LEASE_MS = 120_000;

/** A claimed outbox row with what its email says; the booking columns are null when it is gone. */
type ClaimedEmail = {
  id: string;
  kind: BookingNotice["kind"];
  bookingId: string;
  wasWaitlisted: boolean;
  attempts: number;
} & { [K in keyof Omit<BookingEmailFacts, "bookingId" | "calendarHost">]: BookingEmailFacts[K] | null };

/** What a drain reports: a sent email (recipient's domain and subject), a failure, a give-up. */
export type DrainEvent =
  | { kind: "sent"; toDomain: string; subject: string }
  | { kind: "retrying" | "given_up"; bookingId: string; emailKind: string; attempts: number; errorName: string };

export type DrainOptions = {
  sql: RawSql;
  transport: EmailTransport;
  /** The app's host name, for the calendar events' UIDs. */
  calendarHost?: string;
  batchSize?: number;
  onEvent?: (event: DrainEvent) => void;
};

/**
 * Sends the booking emails waiting in the outbox, a batch at a time, until none is left; returns how
 * many were sent. A batch is claimed with a lease (SKIP LOCKED), so any number of processes may
 * drain at once, and rendered and sent in an email worker thread while the next batch is claimed;
 * its rows are deleted once sent (with the claim after that).
 * Delivery is at least once: a process that dies mid-batch leaves its rows to be claimed again when
 * the lease ends, and each message keeps its id across attempts (the outbox file's name, Resend's
 * idempotency key), so the repeat is harmless. A failed send is retried after the lease, and given
 * up (deleted, reported) after MAX_ATTEMPTS.
 */
export async function drainBookingEmails(options: DrainOptions): Promise<number> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const calendarHost = options.calendarHost ?? "localhost";
  let sent = 0;
  /** Rows settled but not yet deleted: the next claim deletes them. */
  let settled: string[] = [];
  let batch = await deleteAndClaim(options.sql, [], batchSize);
  while (batch.length > 0) {
    // The next batch is claimed while this one renders: under load the claim waits for a pooled
    // connection behind the requests, and the worker should not wait with it.
    const claimingNext = batch.length < batchSize ? undefined : deleteAndClaim(options.sql, settled, batchSize);
    claimingNext?.catch(() => undefined); // awaited below: a failure meanwhile is not an unhandled rejection
    if (claimingNext) settled = [];
    const outcomes = await runInEmailWorker({
      kind: "booking-emails",
      transport: options.transport,
      jobs: batch.map((row) => jobOf(row, calendarHost)),
    }).catch(async (error: unknown) => {
      await claimingNext?.catch(() => undefined); // its rows wait out their lease
      throw error;
    });
    settled = settled.concat(settle(batch, outcomes, options.onEvent));
    sent += outcomes.filter((outcome) => "sent" in outcome).length;
    batch = claimingNext ? await claimingNext : [];
  }
  if (settled.length > 0) await options.sql.query({ text: DELETE_SQL, values: [settled] });
  return sent;
}

const DELETE_SQL = `DELETE FROM "BookingEmail" WHERE "id" = ANY($1::bigint[])`;

/**
 * Deletes the rows of the batch just sent and leases up to `limit` due rows (attempt counted) with
 * what their emails need, in one statement: under load every statement waits for a pooled
 * connection behind the requests, so a batch costs one wait, not two.
 */
function deleteAndClaim(sql: RawSql, done: string[], limit: number): Promise<ClaimedEmail[]> {
  return sql.query<ClaimedEmail>({
    text: `
    WITH sent AS (
      DELETE FROM "BookingEmail" WHERE "id" = ANY($3::bigint[])
    ), claimed AS (
      UPDATE "BookingEmail"
      SET "lockedUntil" = now() + $1::int * interval '1 millisecond', "attempts" = "attempts" + 1
      WHERE "id" IN (
        SELECT "id" FROM "BookingEmail"
        WHERE ("lockedUntil" IS NULL OR "lockedUntil" < now()) AND NOT ("id" = ANY($3::bigint[]))
        ORDER BY "id" LIMIT $2::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "accountId", "bookingId", "kind", "wasWaitlisted", "attempts"
    )
    SELECT c."id"::text AS "id", c."bookingId", c."kind", c."wasWaitlisted", c."attempts",
      b."status", a."name" AS "accountName", a."locale", a."timezone", a."cancellationWindowHours",
      u."email" AS "attendeeEmail", u."displayName" AS "attendeeName", u."locale" AS "attendeeLocale",
      e."title" AS "eventTitle", e."location", l."address", i."startsAt", i."endsAt",
      CASE WHEN c."kind" = 'teachers_changed' THEN ARRAY(
        SELECT tu."displayName" FROM "Membership" tm JOIN "User" tu ON tu."id" = tm."userId"
        WHERE tm."accountId" = c."accountId" AND tm."userId" = ANY(i."teacherIds")
        ORDER BY array_position(i."teacherIds", tm."userId")
      ) END AS "teacherNames"
    FROM claimed c
    LEFT JOIN "Booking" b ON b."id" = c."bookingId" AND b."accountId" = c."accountId"
    LEFT JOIN "Account" a ON a."id" = b."accountId"
    LEFT JOIN "User" u ON u."id" = b."attendeeId"
    LEFT JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    LEFT JOIN "Event" e ON e."id" = i."eventId" AND e."accountId" = b."accountId"
    LEFT JOIN "Location" l ON l."id" = e."locationId" AND l."accountId" = b."accountId"
    ORDER BY c."id"`,
    values: [LEASE_MS, limit, done],
  });
}

/** The message id is the outbox row's: the same for every attempt, distinct for every email. */
function jobOf(row: ClaimedEmail, calendarHost: string): BookingEmailJob {
  return {
    id: `booking-${row.bookingId}-${row.kind}-${row.id}`,
    notice: { kind: row.kind, bookingId: row.bookingId, wasWaitlisted: row.wasWaitlisted },
    facts: factsOf(row, calendarHost),
  };
}

function factsOf(row: ClaimedEmail, calendarHost: string): BookingEmailFacts | null {
  const { status, accountName, locale, timezone, attendeeEmail, attendeeName, eventTitle, location, startsAt, endsAt } =
    row;
  if (status === null || accountName === null || locale === null || timezone === null) return null;
  if (row.cancellationWindowHours === null) return null;
  if (attendeeEmail === null || attendeeName === null || eventTitle === null || location === null) return null;
  if (startsAt === null || endsAt === null) return null;
  return {
    bookingId: row.bookingId,
    status,
    accountName,
    locale,
    timezone,
    attendeeEmail,
    attendeeName,
    attendeeLocale: row.attendeeLocale,
    eventTitle,
    location,
    address: row.address || null,
    cancellationWindowHours: row.cancellationWindowHours,
    startsAt,
    endsAt,
    teacherNames: row.teacherNames ?? [],
    calendarHost,
  };
}

/** The rows to delete (sent, no longer due, or given up), each failure reported. */
function settle(batch: ClaimedEmail[], outcomes: BookingEmailOutcome[], onEvent = reportToConsole): string[] {
  return settleOutboxBatch(batch, outcomes, {
    maxAttempts: MAX_ATTEMPTS,
    onSent: (note) => onEvent({ kind: "sent", ...note }),
    onFailed: (row, { givenUp, errorName }) =>
      onEvent({
        kind: givenUp ? "given_up" : "retrying",
        bookingId: row.bookingId,
        emailKind: row.kind,
        attempts: row.attempts,
        errorName,
      }),
  });
}

/** Without a logger (the bench's raw server): failures only, never an address or a body. */
function reportToConsole(event: DrainEvent): void {
  if (event.kind !== "sent") console.warn(`booking email ${event.kind}: ${JSON.stringify(event)}`);
}
