import "server-only";
import { Prisma, type PrismaClient } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import { sendEmail } from "@/lib/email/send-email";
import { log } from "@/lib/log";
import type { BookingNotice } from "./booking-tx";
import { renderBookingEmail, type BookingEmailFacts } from "./render-booking-email";

const BATCH_SIZE = 10;
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is kept from other drains (claimBatch's lease). */
const LEASE_MS = 120_000;
/** A drain waiting for its turn holds its batch at most this long, well inside the lease. */
export const MAX_HOLD_MS = LEASE_MS / 2;

/** A claimed outbox row with what its email says; the booking columns are null when it is gone. */
type ClaimedEmail = {
  id: bigint;
  kind: BookingNotice["kind"];
  bookingId: string;
  wasWaitlisted: boolean;
  attempts: number;
} & { [K in keyof Omit<BookingEmailFacts, "bookingId">]: BookingEmailFacts[K] | null };

export type DrainOptions = {
  batchSize?: number;
  /** Asked between batches: true stops the drain (the rest waits for the next one). */
  shouldYield?: () => boolean;
  /**
   * Awaited before each email of a claimed batch (an email costs a millisecond or two of CPU): the
   * sender waits there while requests are in flight. `claimedAt` (Date.now()) bounds the wait, since
   * the batch's lease runs meanwhile.
   */
  waitForTurn?: (claimedAt: number) => Promise<void>;
};

/**
 * Sends the booking emails waiting in the outbox, a batch at a time, until none is left (or
 * `shouldYield` says so); returns how many were sent. A batch is claimed with a lease (SKIP LOCKED),
 * so several processes may drain at once; a failed send stays for a retry once its lease ends, and
 * is given up (deleted, logged) after MAX_ATTEMPTS.
 */
export async function drainBookingEmails(options: DrainOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let sent = 0;
  for (;;) {
    // One database per batch: a test may install another one meanwhile, and the ids of a batch
    // mean nothing in any other database.
    const { prisma } = getDatabase();
    const batch = await claimBatch(prisma, batchSize);
    if (batch.length === 0) return sent;
    const outcome = await sendBatch(batch, options.waitForTurn);
    if (outcome.done.length > 0) {
      await prisma.$executeRaw`DELETE FROM "BookingEmail" WHERE "id" IN (${Prisma.join(outcome.done)})`;
    }
    sent += outcome.sent;
    if (batch.length < batchSize || options.shouldYield?.()) return sent;
  }
}

/** Leases up to `limit` due rows (attempt counted) and loads what their emails need, in one statement. */
function claimBatch(prisma: PrismaClient, limit: number): Promise<ClaimedEmail[]> {
  return prisma.$queryRaw<ClaimedEmail[]>`
    WITH claimed AS (
      UPDATE "BookingEmail"
      SET "lockedUntil" = now() + ${LEASE_MS}::int * interval '1 millisecond', "attempts" = "attempts" + 1
      WHERE "id" IN (
        SELECT "id" FROM "BookingEmail"
        WHERE "lockedUntil" IS NULL OR "lockedUntil" < now()
        ORDER BY "id" LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "accountId", "bookingId", "kind", "wasWaitlisted", "attempts"
    )
    SELECT c."id", c."bookingId", c."kind", c."wasWaitlisted", c."attempts",
      b."status", a."name" AS "accountName", a."locale", a."timezone",
      u."email" AS "attendeeEmail", u."displayName" AS "attendeeName",
      e."title" AS "eventTitle", e."location", i."startsAt", i."endsAt"
    FROM claimed c
    LEFT JOIN "Booking" b ON b."id" = c."bookingId" AND b."accountId" = c."accountId"
    LEFT JOIN "Account" a ON a."id" = b."accountId"
    LEFT JOIN "User" u ON u."id" = b."attendeeId"
    LEFT JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    LEFT JOIN "Event" e ON e."id" = i."eventId" AND e."accountId" = b."accountId"
    ORDER BY c."id"`;
}

/** Sends each email of a batch; `done` are the rows to delete: sent, no longer due, or given up. */
async function sendBatch(
  batch: ClaimedEmail[],
  waitForTurn: DrainOptions["waitForTurn"],
): Promise<{ sent: number; done: bigint[] }> {
  const claimedAt = Date.now();
  const done: bigint[] = [];
  let sent = 0;
  for (const row of batch) {
    await waitForTurn?.(claimedAt);
    try {
      if (await sendOne(row)) sent++;
      done.push(row.id);
    } catch (error) {
      if (row.attempts >= MAX_ATTEMPTS) done.push(row.id);
      reportFailure(row, error);
    }
  }
  return { sent, done };
}

async function sendOne(row: ClaimedEmail): Promise<boolean> {
  const facts = factsOf(row);
  if (!facts) return false;
  const notice: BookingNotice = { kind: row.kind, bookingId: row.bookingId, wasWaitlisted: row.wasWaitlisted };
  const message = await renderBookingEmail(notice, facts);
  if (!message) return false;
  await sendEmail(message);
  return true;
}

function factsOf(row: ClaimedEmail): BookingEmailFacts | null {
  const { status, accountName, locale, timezone, attendeeEmail, attendeeName, eventTitle, location, startsAt, endsAt } =
    row;
  if (status === null || accountName === null || locale === null || timezone === null) return null;
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
    eventTitle,
    location,
    startsAt,
    endsAt,
  };
}

/** Booking id, kind and error name only: never the address or the body. */
function reportFailure(row: ClaimedEmail, error: unknown): void {
  const fields = {
    bookingId: row.bookingId,
    kind: row.kind,
    attempts: row.attempts,
    errorName: error instanceof Error ? error.name : typeof error,
  };
  if (row.attempts >= MAX_ATTEMPTS) log.error("booking email given up", fields);
  else log.warn("booking email not sent, will retry", fields);
}
