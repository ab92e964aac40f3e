import "server-only";
import type { Booking } from "@prisma/client";
import { db } from "@/lib/db";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { log } from "@/lib/log";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { serializeBooking } from "@/lib/schemas/booking";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingOutcome } from "./booking-outcome";

/** How often the jobs module runs the sweep (lib/jobs/app-jobs.ts). */
export const STANDING_SWEEP_EVERY_MS = 30_000;
/**
 * A class whose booking window opens within this long is booked now, as of the window's opening
 * moment: longer than the sweep's period, so the standing places are in before anyone else may book
 * (decision 0035).
 */
export const STANDING_LEAD_MS = 2 * STANDING_SWEEP_EVERY_MS;
const BATCH = 200;

/** A class of an active standing place's series whose window is open, or opens within the lead, not handled yet. */
type DueClass = { standingBookingId: string; accountId: string; userId: string; instanceId: string; opensAt: Date };

/**
 * Books the classes of the active standing places (decision 0035) that are due at `now`: each class
 * of the series whose booking window is open, or opens within STANDING_LEAD_MS (booked as of its
 * opening moment), and has not closed, in studios whose policy has `standingBookings` on. The
 * classes in the order their windows open, and for each class the standing places in the order they
 * were made. Each (standing place, class) is handled once, however many processes sweep: its
 * StandingBookingClass row, inserted first in the transaction that books, is the claim (a second
 * sweeper's insert waits on the first's and then does nothing). The booking is book_place's, the
 * rule of POST /bookings (capacity, credits with the usable pass that expires first, one live
 * booking each, the window), with the waitlist when the class is full; a class that cannot be
 * booked for lack of a pass is skipped, and the member told once (until a class is booked again).
 * A class on a day the member's membership is paused is not booked, nor claimed: it waits while the
 * pause holds it (a pause ended early books it).
 * With `standingBookingId` only that standing place's classes (a place just made books what is open
 * at once). Returns how many classes were handled.
 */
export async function sweepStandingBookings(options: { now: Date; standingBookingId?: string }): Promise<number> {
  let handled = 0;
  let queued = false;
  for (;;) {
    const due = await dueClasses(options);
    let progress = 0;
    for (const lesson of due) {
      try {
        const outcome = await withRetry(() => bookStandingClass(lesson, options.now), { label: "standing places" });
        if (outcome === null) continue;
        progress++;
        queued ||= outcome !== "skipped";
      } catch (error) {
        // The place, its class or its studio was deleted mid-sweep (a demo reset): nothing to book.
        if (isForeignKeyViolation(error)) continue;
        log.warn("standing place not booked", { errorName: error instanceof Error ? error.name : typeof error });
      }
    }
    handled += progress;
    if (due.length < BATCH || progress === 0) break;
  }
  return handled;
}

function dueClasses({ now, standingBookingId }: { now: Date; standingBookingId?: string }): Promise<DueClass[]> {
  const at = now.toISOString();
  return db.$queryRaw<DueClass[]>`
    SELECT s."id" AS "standingBookingId", s."accountId", s."userId", i."id" AS "instanceId",
           i."startsAt" - a."opensDaysBefore" * interval '1 day' AS "opensAt"
      FROM "StandingBooking" s
      JOIN "Account" a ON a."id" = s."accountId" AND a."standingBookings" AND a."status" = 'active'
      JOIN "Instance" i ON i."accountId" = s."accountId" AND i."seriesId" = s."seriesId" AND i."status" <> 'cancelled'
     WHERE s."status" = 'active'
       AND (${standingBookingId ?? null}::text IS NULL OR s."id" = ${standingBookingId ?? null}::text)
       AND i."startsAt" - a."opensDaysBefore" * interval '1 day' <= ${at}::timestamp + ${STANDING_LEAD_MS}::int * interval '1 millisecond'
       AND i."startsAt" - a."closesMinutesBefore" * interval '1 minute' >= ${at}::timestamp
       AND i."startsAt" > ${at}::timestamp
       AND NOT EXISTS (SELECT 1 FROM "StandingBookingClass" c
                        WHERE c."standingBookingId" = s."id" AND c."instanceId" = i."id")
       AND NOT EXISTS (SELECT 1 FROM "Entitlement" e
                        WHERE e."accountId" = s."accountId" AND e."userId" = s."userId" AND e."status" = 'active'
                          AND entitlement_paused_at(e."pausedFrom", e."pausedUntil", i."startsAt", a."timezone"))
     ORDER BY "opensAt", i."startsAt", i."id", s."createdAt", s."id"
     LIMIT ${BATCH}`;
}

type Handled = BookingOutcome | "skipped";

/**
 * One class of one standing place, in one transaction: the claim, book_place as of the later of
 * `now` and the window's opening, and what follows the outcome (the confirmation email and
 * `booking.created` as POST /bookings writes them; the no-pass notice). Null when another sweeper
 * handled it, or the place was stopped meanwhile.
 */
function bookStandingClass(lesson: DueClass, now: Date): Promise<Handled | null> {
  const at = new Date(Math.max(now.getTime(), lesson.opensAt.getTime()));
  return tenantDb(lesson.accountId).$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      INSERT INTO "StandingBookingClass" ("standingBookingId", "instanceId", "accountId", "outcome")
      SELECT s."id", ${lesson.instanceId}, s."accountId", 'pending' FROM "StandingBooking" s
       WHERE s."id" = ${lesson.standingBookingId} AND s."accountId" = ${lesson.accountId} AND s."status" = 'active'
      ON CONFLICT DO NOTHING`;
    if (claimed === 0) return null;
    const [placed] = await tx.$queryRaw<(Booking & { outcome: BookingOutcome })[]>`
      SELECT p."outcome", p."id", p."accountId", p."instanceId", p."attendeeId", p."status", p."entitlementId",
             p."attendance", p."createdAt", p."cancelledAt"
        FROM book_place(${lesson.accountId}, ${lesson.instanceId}, ${lesson.userId}, NULL, true,
                        ${at.toISOString()}::timestamp) p`;
    const { outcome, ...booking } = placed!;
    const booked = outcome === "confirmed" || outcome === "waitlisted";
    await tx.standingBookingClass.updateMany({
      where: { standingBookingId: lesson.standingBookingId, instanceId: lesson.instanceId },
      data: { outcome, bookingId: booked ? booking.id : null },
    });
    if (booked) {
      await announceBooking(tx, lesson, booking as Booking, now);
      return outcome;
    }
    if (outcome === "no_valid_entitlement") return (await noticeNoPass(tx, lesson, now)) ? outcome : "skipped";
    return "skipped";
  }, TRANSACTION_OPTIONS);
}

/** What POST /bookings writes with a booking: the confirmation email (a confirmed place) and `booking.created`. */
async function announceBooking(tx: TenantTx, lesson: DueClass, booking: Booking, now: Date): Promise<void> {
  if (booking.status === "confirmed")
    await enqueueBookingEmails(tx, lesson.accountId, [{ kind: "confirmed", bookingId: booking.id }]);
  await enqueueWebhookEvent(tx, {
    accountId: lesson.accountId,
    type: "booking.created",
    data: serializeBooking(booking),
    now,
  });
  // booked again: a later class without a pass is told again
  await tx.standingBooking.updateMany({
    where: { id: lesson.standingBookingId, noPassNoticeAt: { not: null } },
    data: { noPassNoticeAt: null },
  });
}

/**
 * "Buy a pass to keep your place": once while the member's classes go unbooked for lack of a pass
 * (the conditional update makes it once across sweepers). Whether an email was queued.
 */
async function noticeNoPass(tx: TenantTx, lesson: DueClass, now: Date): Promise<boolean> {
  const { count } = await tx.standingBooking.updateMany({
    where: { id: lesson.standingBookingId, noPassNoticeAt: null },
    data: { noPassNoticeAt: now },
  });
  if (count === 0) return false;
  await enqueueNoticeEmail(tx, {
    accountId: lesson.accountId,
    kind: "standing_no_pass",
    to: { userId: lesson.userId },
    standingBookingId: lesson.standingBookingId,
  });
  return true;
}
