import "server-only";
import { declareOutboxWrites } from "@/lib/db/outbox-writes";
import { getDatabase } from "@/lib/db";
import type { TenantTx } from "@/lib/db/tenant-db";
import { sqlState } from "@/lib/db/errors";
import { withRetry } from "@/lib/db/with-retry";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { BookingRow } from "./booking-notice";
import type { BookingOutcome } from "./booking-outcome";
import { throughInstanceGate, wasSeenFull } from "./instance-gate";

export type BookInstanceInput = {
  instanceId: string;
  entitlementId?: string;
  attendeeId?: string;
  waitlist?: boolean;
  /** `attendeeId` is a guest the session's person brings and pays for (lib/households/book-guest.ts). */
  guest?: boolean;
};

type Mode = "book" | "look";

/** A row of book_instance: the outcome, and the booking's columns when one was made. */
type BookInstanceRow = {
  outcome: BookingOutcome;
  nowFull: boolean | null;
} & { [Column in keyof BookingRow]: BookingRow[Column] | null };

/**
 * Books a place (decisions §7) for the holder of the session `tokenHash`: one statement, the
 * database function book_instance (prisma/sql/functions/book_instance.sql), which authenticates the
 * session, checks the contract's conditions in its order, and under the instance's row lock takes
 * the credit, inserts the booking, counts it and queues its confirmation email and its
 * `booking.created` webhook deliveries (sent by the jobs runner, which the booking wakes), all in one implicit
 * transaction. One round trip is the whole database cost of a booking (docs/decisions/0004).
 *
 * In this process, at most BOOKING_TRANSACTIONS_PER_INSTANCE (default 2) bookings of one instance
 * run at once; the others wait in memory and look again, all at once and without the lock, when
 * the class fills up (instance-gate.ts). A class this process saw full in the last 10 s is looked
 * at without the lock first, so hundreds of late requests are refused without waiting for it.
 * Correctness never depends on the gate or on that look. A concurrent booking of the same attendee
 * (the partial unique index, 23505) is 409 `already_booked`; a lost race (deadlock, serialization
 * failure) runs the statement again (with-retry.ts). The confirmation email is sent from the outbox
 * after commit (booking-email-outbox.ts), rendered in an email worker thread within moments.
 */
export async function bookInstance({
  tokenHash,
  input,
}: {
  tokenHash: string;
  input: BookInstanceInput;
}): Promise<BookingRow> {
  const look = async () => {
    const { outcome } = await callBookInstance(tokenHash, input, "look");
    if (outcome === "confirmed" || outcome === "waitlisted") throw new Error("book_instance booked in 'look' mode");
    if (outcome !== "confirm" && outcome !== "waitlist") throw new AppError(outcome);
  };
  if (wasSeenFull(input.instanceId, FULL_HINT_MS)) await look();

  const { outcome, nowFull, ...booking } = await throughInstanceGate(
    input.instanceId,
    env().BOOKING_TRANSACTIONS_PER_INSTANCE,
    look,
    async (markFull) => {
      const result = await callBookInstance(tokenHash, input, "book");
      if (result.nowFull) markFull(); // the requests waiting in this process look again, in parallel
      return result;
    },
  );
  assertBooked(outcome);
  if (outcome === "confirmed") declareOutboxWrites("booking emails", "webhook deliveries"); // what book_instance wrote
  return booking as BookingRow;
}

/**
 * bookInstance's statement (book_instance in 'book' mode, the same rules, outbox rows and webhook
 * deliveries) inside the caller's transaction, for a step that books among other writes: a refusal
 * throws, so the caller's earlier writes roll back with it. Without the instance gate (a desk step,
 * not a rush of requests). Its commit wakes the jobs, which send the email.
 */
export async function bookInstanceIn(
  tx: TenantTx,
  { tokenHash, input }: { tokenHash: string; input: BookInstanceInput },
): Promise<BookingRow> {
  // The constant statement with bound values ("Unsafe" only because its text is not a template).
  const values = bookInstanceValues(tokenHash, input, "book", new Date().toISOString());
  const rows = await tx.$queryRawUnsafe<BookInstanceRow[]>(BOOK_INSTANCE_SQL, ...values).catch((error: unknown) => {
    throw alreadyBookedOr(error);
  });
  const { outcome, nowFull: _nowFull, ...booking } = rows[0]!;
  assertBooked(outcome);
  if (outcome === "confirmed") declareOutboxWrites("booking emails", "webhook deliveries"); // told at the commit
  return booking as BookingRow;
}

/** A 'book' call's outcome is a booking, or the refusal's error. */
function assertBooked(outcome: BookingOutcome): void {
  if (outcome === "confirm" || outcome === "waitlist") throw new Error("book_instance only looked in 'book' mode");
  if (outcome !== "confirmed" && outcome !== "waitlisted") throw new AppError(outcome);
}

/** The partial unique index "Booking_one_live_per_attendee": a concurrent booking of the same attendee won. */
function alreadyBookedOr(error: unknown): unknown {
  return sqlState(error) === "23505" ? new AppError("already_booked") : error;
}

/** How long a class seen full makes later requests look without the lock first. */
const FULL_HINT_MS = 10_000;

/**
 * The columns named, not `*`: a prepared statement's result type is fixed when it is planned, so a
 * later release that adds a column to book_instance would otherwise fail every booking of the
 * processes still running this one ("cached plan must not change result type") during a rolling deploy.
 */
const BOOK_INSTANCE_SQL = `SELECT "outcome", "nowFull", "id", "accountId", "instanceId", "attendeeId", "status",
  "entitlementId", "attendance", "createdAt", "cancelledAt"
  FROM book_instance($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

async function callBookInstance(tokenHash: string, input: BookInstanceInput, mode: Mode): Promise<BookInstanceRow> {
  // Prepared (named): parsed and planned once per connection.
  const statement = {
    name: "book_instance",
    text: BOOK_INSTANCE_SQL,
    values: bookInstanceValues(tokenHash, input, mode, new Date()),
  };
  try {
    const [row] = await withRetry(() => getDatabase().raw.query<BookInstanceRow>(statement), {
      label: "POST /bookings",
    });
    return row!;
  } catch (error) {
    throw alreadyBookedOr(error);
  }
}

/** BOOK_INSTANCE_SQL's parameters, in its order; `now` as the driver at hand passes a timestamp best. */
function bookInstanceValues(tokenHash: string, input: BookInstanceInput, mode: Mode, now: Date | string) {
  return [
    tokenHash,
    env().DEMO_MODE,
    now,
    mode,
    input.instanceId,
    input.attendeeId ?? null,
    input.entitlementId ?? null,
    input.waitlist === true,
    input.guest === true,
  ];
}
