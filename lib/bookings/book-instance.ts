import "server-only";
import { randomUUID } from "node:crypto";
import type { TenantDb } from "@/lib/db/tenant-db";
import { sqlState } from "@/lib/db/errors";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Persona } from "@/lib/http/authenticate";
import type { BookingRow, BookingTx } from "./booking-tx";
import { takeCreditSql } from "./entitlement-credits";
import { decideBooking, evaluateBooking } from "./evaluate-booking";
import { throughInstanceGate } from "./instance-gate";
import { lockInstance } from "./lock-instance";
import { sendBookingEmails } from "./send-booking-emails";

export type BookInstanceInput = { instanceId: string; entitlementId?: string; attendeeId?: string; waitlist?: boolean };

/**
 * Books a place (decisions §7), in the contract's order of checks (evaluate-booking.ts).
 *
 * 1. Without any lock, one statement evaluates the request; a refusal is answered at once (a full
 *    instance turns hundreds of late requests away without one of them waiting for its lock). Past
 *    that, at most BOOKING_TRANSACTIONS_PER_INSTANCE (default 2) booking transactions of one instance
 *    run at once in this process; the others wait in memory and evaluate again, all at once, when
 *    the class fills up (instance-gate.ts). Correctness never depends on this gate.
 * 2. One READ COMMITTED transaction takes its locks in a fixed order: the attendee's membership
 *    (FOR KEY SHARE: a concurrent removal of the membership waits for this, or this for it), then
 *    the instance row (FOR UPDATE: every booking change of one instance queues here, so the counters
 *    on the row are exact and capacity holds), evaluates again under the lock, and writes in one
 *    statement: the credit (a conditional UPDATE of the entitlement), the booking and the counter.
 *
 * Full with `waitlist: true` and the waitlist enabled gives a `waitlisted` booking without a credit.
 * The partial unique index on live bookings backs "one live booking per attendee" (409 too). A lost
 * race (deadlock, serialization failure) runs the transaction again (with-retry.ts). The confirmation
 * email is sent after commit.
 */
export async function bookInstance(options: {
  db: TenantDb;
  accountId: string;
  actor: { userId: string; persona: Persona };
  input: BookInstanceInput;
}): Promise<BookingRow> {
  const { db, accountId, actor, input } = options;
  const attendeeId = input.attendeeId ?? actor.userId;
  if (attendeeId !== actor.userId && actor.persona !== "administrator") throw new AppError("insufficient_permission");
  const target = { accountId, instanceId: input.instanceId, attendeeId, entitlementId: input.entitlementId };
  const waitlist = input.waitlist === true;

  const refuseEarly = async () => {
    const early = decideBooking(await evaluateBooking(db, target), { now: new Date(), waitlist });
    if (early !== "confirm" && early !== "waitlist") throw new AppError(early);
  };
  await refuseEarly();

  const booking = await throughInstanceGate(
    input.instanceId,
    env().BOOKING_TRANSACTIONS_PER_INSTANCE,
    refuseEarly,
    async (markFull) => {
      try {
        return await withRetry(
          () =>
            db.$transaction(async (tx) => {
              const membership = await tx.$queryRaw<unknown[]>`
              SELECT 1 FROM "Membership" WHERE "accountId" = ${accountId} AND "userId" = ${attendeeId} FOR KEY SHARE`;
              if (membership.length === 0) throw new AppError("not_found");
              if (!(await lockInstance({ tx, accountId, instanceId: input.instanceId })))
                throw new AppError("not_found");
              const evaluation = await evaluateBooking(tx, target);
              const decision = decideBooking(evaluation, { now: new Date(), waitlist });
              const full =
                evaluation !== undefined &&
                evaluation.bookedCount + (decision === "confirm" ? 1 : 0) >= evaluation.capacity;
              if (full) markFull(); // the requests waiting in this process look again, in parallel
              if (decision === "waitlist") {
                return insertWaitlisted(tx, { ...target, entitlementId: input.entitlementId ?? null });
              }
              if (decision !== "confirm") throw new AppError(decision);
              for (const entitlementId of evaluation!.candidates) {
                const confirmed = await insertConfirmed(tx, { ...target, entitlementId });
                if (confirmed) return confirmed;
              }
              throw new AppError("no_valid_entitlement"); // the last credit went to a concurrent booking
            }, TRANSACTION_OPTIONS),
          { label: "POST /bookings" },
        );
      } catch (error) {
        // The partial unique index "Booking_one_live_per_attendee": a concurrent booking of the same attendee won.
        if (sqlState(error) === "23505") throw new AppError("already_booked");
        throw error;
      }
    },
  );
  if (booking.status === "confirmed") sendBookingEmails(accountId, [{ kind: "confirmed", bookingId: booking.id }]);
  return booking;
}

type Row = { accountId: string; instanceId: string; attendeeId: string };

// createdAt is the database's clock at the insert, taken while the instance row is locked: the
// waitlist's queue order is the order in which bookings got the lock, across app processes.

/** Takes a credit from `entitlementId`, inserts the confirmed booking, counts it: one statement. Undefined without a credit. */
async function insertConfirmed(tx: BookingTx, row: Row & { entitlementId: string }): Promise<BookingRow | undefined> {
  const [booking] = await tx.$queryRaw<BookingRow[]>`
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
    )
    SELECT * FROM booking`;
  return booking;
}

/** Inserts the waitlisted booking (no credit) and counts it: one statement. */
async function insertWaitlisted(tx: BookingTx, row: Row & { entitlementId: string | null }): Promise<BookingRow> {
  const [booking] = await tx.$queryRaw<BookingRow[]>`
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
    SELECT * FROM booking`;
  return booking!;
}
