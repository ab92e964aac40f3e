import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import { sqlState } from "@/lib/db/errors";
import type { TransactionQuery } from "@/lib/db/raw-sql";
import { withRetry } from "@/lib/db/with-retry";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Persona } from "@/lib/http/authenticate";
import { wakeBookingEmailSender } from "./booking-email-outbox";
import type { BookingRow } from "./booking-tx";
import { takeCreditSql } from "./entitlement-credits";
import { decideBooking, evaluateBooking } from "./evaluate-booking";
import { throughInstanceGate, wasSeenFull } from "./instance-gate";

export type BookInstanceInput = { instanceId: string; entitlementId?: string; attendeeId?: string; waitlist?: boolean };

/**
 * Books a place (decisions §7), in the contract's order of checks (evaluate-booking.ts).
 *
 * 1. At most BOOKING_TRANSACTIONS_PER_INSTANCE (default 2) booking transactions of one instance run
 *    at once in this process; the others wait in memory and evaluate again, all at once, when the
 *    class fills up (instance-gate.ts). For a class this process saw full in the last 10 s, one
 *    statement first evaluates the request without any lock and a refusal is answered at once (a
 *    full instance turns hundreds of late requests away without one of them waiting for its lock).
 *    Correctness never depends on the gate or on that early look.
 * 2. One READ COMMITTED transaction of two statements: the first locks the instance row FOR UPDATE
 *    and the attendee's membership FOR KEY SHARE and evaluates again (evaluate-booking.ts): every
 *    booking change of one instance queues on that lock, so the counters on the row are exact and
 *    capacity holds. The second writes everything: the credit (a conditional UPDATE of the best
 *    usable entitlement), the booking, the counter and the confirmation email's outbox row.
 *
 * This is the hot path, so it runs on raw SQL (lib/db/raw-sql.ts): BEGIN travels with the first
 * statement and COMMIT with the second, two round trips with the instance locked, and no per-query
 * ORM cost. A credit taken by a concurrent booking of another class between the first statement's
 * snapshot and the second's UPDATE runs the transaction again on a fresh evaluation. Every statement names
 * `"accountId"`. Full with `waitlist: true` and the waitlist enabled gives a `waitlisted` booking
 * without a credit. The partial unique index on live bookings backs "one live booking per attendee"
 * (409 too). A lost race (deadlock, serialization failure) runs the transaction again
 * (with-retry.ts). The confirmation email is sent from the outbox after commit
 * (booking-email-outbox.ts), when the process is not busy answering requests.
 */
export async function bookInstance(options: {
  accountId: string;
  actor: { userId: string; persona: Persona };
  input: BookInstanceInput;
}): Promise<BookingRow> {
  const { accountId, actor, input } = options;
  const attendeeId = input.attendeeId ?? actor.userId;
  if (attendeeId !== actor.userId && actor.persona !== "administrator") throw new AppError("insufficient_permission");
  const target = { accountId, instanceId: input.instanceId, attendeeId, entitlementId: input.entitlementId };
  const waitlist = input.waitlist === true;
  const sql = getDatabase().raw;

  const refuseEarly = async () => {
    const early = decideBooking(await evaluateBooking(sql.query, target), { now: new Date(), waitlist });
    if (early !== "confirm" && early !== "waitlist") throw new AppError(early);
  };
  // Most bookings find a place: the evaluation under the lock is then the only one. A class this
  // process saw full lately is looked at without the lock first.
  if (wasSeenFull(input.instanceId, FULL_HINT_MS)) await refuseEarly();

  const booking = await throughInstanceGate(
    input.instanceId,
    env().BOOKING_TRANSACTIONS_PER_INSTANCE,
    refuseEarly,
    async (markFull) => {
      const bookOnce = () =>
        sql.transaction(async (query) => {
          const evaluation = await evaluateBooking(query, target, { lock: true });
          const decision = decideBooking(evaluation, { now: new Date(), waitlist });
          const full =
            evaluation !== undefined &&
            evaluation.bookedCount + (decision === "confirm" ? 1 : 0) >= evaluation.capacity;
          if (full) markFull(); // the requests waiting in this process look again, in parallel
          if (decision === "waitlist") {
            return insertWaitlisted(query, { ...target, entitlementId: input.entitlementId ?? null });
          }
          if (decision !== "confirm") throw new AppError(decision);
          // No row: the best candidate's last credit went to a concurrent booking of another class
          // since the statement's snapshot, and the transaction committed nothing.
          return (
            (await insertConfirmed(query, { ...target, entitlementId: evaluation!.candidates[0]! })) ?? CREDIT_TAKEN
          );
        });
      try {
        for (let attempt = 1; ; attempt++) {
          const booked = await withRetry(bookOnce, { label: "POST /bookings" });
          if (booked !== CREDIT_TAKEN) return booked;
          // Again, on a fresh evaluation: the next usable entitlement, or 402 when there is none.
          if (attempt === CREDIT_ATTEMPTS) throw new AppError("no_valid_entitlement");
        }
      } catch (error) {
        // The partial unique index "Booking_one_live_per_attendee": a concurrent booking of the same attendee won.
        if (sqlState(error) === "23505") throw new AppError("already_booked");
        throw error;
      }
    },
  );
  if (booking.status === "confirmed") wakeBookingEmailSender();
  return booking;
}

/** How long a class seen full makes later requests look without the lock first. */
const FULL_HINT_MS = 10_000;
const CREDIT_TAKEN = Symbol("credit taken");
const CREDIT_ATTEMPTS = 3;

type Row = { accountId: string; instanceId: string; attendeeId: string };

// createdAt is the database's clock at the insert, taken while the instance row is locked: the
// waitlist's queue order is the order in which bookings got the lock, across app processes.

/**
 * Takes a credit from `entitlementId`, inserts the confirmed booking, counts it and queues its
 * confirmation email, and commits: one statement, one round trip. Undefined without a credit (then
 * nothing was written). The instance's lock, taken by the transaction's first statement, makes the
 * count exact.
 */
async function insertConfirmed(
  query: TransactionQuery,
  row: Row & { entitlementId: string },
): Promise<BookingRow | undefined> {
  const [booking] = await query<BookingRow>(
    Prisma.sql`
    WITH credit AS (${takeCreditSql(row.entitlementId, row.accountId)}),
    booking AS (
      INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
      SELECT ${randomUUID()}, ${row.accountId}, ${row.instanceId}, ${row.attendeeId}, 'confirmed', credit."id",
             clock_timestamp() AT TIME ZONE 'UTC'
      FROM credit
      RETURNING *
    ),
    counter AS (
      UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
      WHERE "id" = ${row.instanceId} AND "accountId" = ${row.accountId} AND EXISTS (SELECT 1 FROM booking)
    ),
    email AS (
      INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind")
      SELECT "accountId", "id", 'confirmed' FROM booking
    )
    SELECT * FROM booking`,
    { commit: true },
  );
  return booking;
}

/** Inserts the waitlisted booking (no credit), counts it and commits: one statement. */
async function insertWaitlisted(
  query: TransactionQuery,
  row: Row & { entitlementId: string | null },
): Promise<BookingRow> {
  const [booking] = await query<BookingRow>(
    Prisma.sql`
    WITH booking AS (
      INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
      VALUES (${randomUUID()}, ${row.accountId}, ${row.instanceId}, ${row.attendeeId}, 'waitlisted', ${row.entitlementId},
              clock_timestamp() AT TIME ZONE 'UTC')
      RETURNING *
    ),
    counter AS (
      UPDATE "Instance" SET "waitlistCount" = "waitlistCount" + 1
      WHERE "id" = ${row.instanceId} AND "accountId" = ${row.accountId} AND EXISTS (SELECT 1 FROM booking)
    )
    SELECT * FROM booking`,
    { commit: true },
  );
  return booking!;
}
