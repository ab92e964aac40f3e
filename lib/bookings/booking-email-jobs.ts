// The booking emails as a kind of background work (lib/jobs). Plain SQL (RawSql) and no server-only:
// the app's runner (lib/jobs/app-jobs.ts, with lib/jobs/app-job-options.ts) and the bench's raw
// server drain the same way.
import type { RawSql } from "@/lib/db/raw-sql";
import type { BookingEmailJob } from "@/lib/email/email-worker";
import { jobOutcomes } from "@/lib/email/email-job-outcomes";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { runJobs, type JobKind, type JobLog } from "@/lib/jobs/run-jobs";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import type { BookingNotice } from "./booking-notice";
import type { BookingEmailFacts } from "./render-booking-email";

/** Waits after a failed send (the old lease); the 5th failure gives the email up. */
const RETRY_DELAYS_MS = [120_000, 120_000, 120_000, 120_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A claimed outbox row with what its email says; the booking columns are null when it is gone. */
type ClaimedEmail = {
  id: string;
  kind: BookingNotice["kind"];
  bookingId: string;
  wasWaitlisted: boolean;
  previousStartsAt: Date | null;
  previousLocation: string | null;
  attempts: number;
} & { [K in keyof Omit<BookingEmailFacts, "bookingId" | "calendarHost" | "claimUrl">]: BookingEmailFacts[K] | null };

type BookingEmailContext = {
  transport: EmailTransport;
  /** The app's host name, for the calendar events' UIDs. */
  calendarHost: string;
  /** The app's address (an offer's email links to the member's page there). */
  appUrl: string;
  onSent: (note: DeliveryNote) => void;
  onFailed: () => void;
};

export type DrainOptions = {
  sql: RawSql;
  transport: EmailTransport;
  calendarHost?: string;
  appUrl?: string;
  batchSize?: number;
  /** The time the due rows are claimed at (an email held until then is due); without it, the database's. */
  now?: Date;
  /** Where the runner logs retries and give-ups (the console without one). */
  log?: JobLog;
  /** Each email sent: its recipient's domain and subject, never the address. */
  onSent?: (note: DeliveryNote) => void;
  /** Each failed attempt (to be retried or given up). */
  onFailed?: () => void;
};

/**
 * The booking emails (decision 0028): written by the booking's transaction (booking-email-outbox.ts),
 * claimed in the order they were written (a booking's emails in order), rendered and sent in an
 * email worker thread a batch at a time, deleted once sent. Each message keeps its id across
 * attempts (the outbox file's name, Resend's idempotency key), so a repeat is harmless.
 */
export const bookingEmailJobs: JobKind<ClaimedEmail, BookingEmailContext> = {
  name: "booking emails",
  noun: "booking email",
  // the booking's id and the email's kind: never the address or the body
  logFields: (row) => ({ bookingId: row.bookingId, kind: row.kind }),
  table: `"BookingEmail"`,
  idType: "bigint",
  order: `j."id"`,
  returning: `"id", "accountId", "bookingId", "kind", "wasWaitlisted", "previousStartsAt", "previousLocation", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."bookingId", c."kind", c."wasWaitlisted", c."previousStartsAt", c."previousLocation",
      c."attempts", i."calendarSequence",
      b."status", b."offerExpiresAt", a."slug", a."name" AS "accountName", a."locale", a."timezone", a."cancellationWindowHours",
      coalesce(g."email", u."email") AS "attendeeEmail", u."displayName" AS "attendeeName", g."displayName" AS "guardianName",
      CASE WHEN g."id" IS NULL THEN u."locale" ELSE g."locale" END AS "attendeeLocale",
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
    LEFT JOIN "User" g ON g."id" = u."guardianId" -- a dependant's emails go to the guardian, in their language
    LEFT JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    LEFT JOIN "Event" e ON e."id" = i."eventId" AND e."accountId" = b."accountId"
    LEFT JOIN "Location" l ON l."id" = e."locationId" AND l."accountId" = b."accountId"
    ORDER BY c."id"`,
  /** Some 40 ms of rendering in the worker. */
  batchSize: 100,
  leaseMs: 120_000,
  retryDelaysMs: RETRY_DELAYS_MS,
  handle: async (batch, context) => {
    const outcomes = await runInEmailWorker({
      kind: "booking-emails",
      transport: context.transport,
      jobs: batch.map((row) => jobOf(row, context)),
    });
    return jobOutcomes(outcomes, context.onSent);
  },
  onSettled: (_row, settlement, context) => {
    if (settlement.kind === "retry" || settlement.kind === "given_up") context.onFailed();
  },
};

/** Sends the booking emails waiting in the outbox until none is due; returns how many were sent. */
export function drainBookingEmails(options: DrainOptions): Promise<number> {
  return runJobs(bookingEmailJobs, {
    sql: options.sql,
    batchSize: options.batchSize,
    now: options.now,
    log: options.log,
    context: {
      transport: options.transport,
      calendarHost: options.calendarHost ?? "localhost",
      appUrl: options.appUrl ?? `http://${options.calendarHost ?? "localhost"}`,
      onSent: options.onSent ?? (() => undefined),
      onFailed: options.onFailed ?? (() => undefined),
    },
  });
}

/** The message id is the outbox row's: the same for every attempt, distinct for every email. */
function jobOf(row: ClaimedEmail, context: Pick<BookingEmailContext, "calendarHost" | "appUrl">): BookingEmailJob {
  return {
    id: `booking-${row.bookingId}-${row.kind}-${row.id}`,
    notice: {
      kind: row.kind,
      bookingId: row.bookingId,
      wasWaitlisted: row.wasWaitlisted,
      ...(row.previousStartsAt !== null
        ? { previous: { startsAt: row.previousStartsAt, location: row.previousLocation ?? "" } }
        : {}),
    },
    facts: factsOf(row, context),
  };
}

function factsOf(
  row: ClaimedEmail,
  { calendarHost, appUrl }: Pick<BookingEmailContext, "calendarHost" | "appUrl">,
): BookingEmailFacts | null {
  const { status, accountName, locale, timezone, attendeeEmail, attendeeName, eventTitle, location, startsAt, endsAt } =
    row;
  if (status === null || accountName === null || locale === null || timezone === null) return null;
  if (row.cancellationWindowHours === null) return null;
  if (attendeeEmail === null || attendeeName === null || eventTitle === null || location === null) return null;
  if (startsAt === null || endsAt === null || row.calendarSequence === null) return null;
  return {
    bookingId: row.bookingId,
    status,
    accountName,
    locale,
    timezone,
    attendeeEmail,
    attendeeName,
    guardianName: row.guardianName,
    attendeeLocale: row.attendeeLocale,
    eventTitle,
    location,
    address: row.address || null,
    cancellationWindowHours: row.cancellationWindowHours,
    startsAt,
    endsAt,
    teacherNames: row.teacherNames ?? [],
    calendarSequence: row.calendarSequence,
    calendarHost,
    offerExpiresAt: row.offerExpiresAt,
    slug: row.slug,
    claimUrl: row.slug === null ? appUrl : new URL(`/${row.slug}/me`, appUrl).toString(),
  };
}
