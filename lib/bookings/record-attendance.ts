import "server-only";
import { assertManagesInstance, type Actor } from "@/lib/auth/instance-permission";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { noticeStrikeBlock } from "@/lib/strikes/notice-strike-block";

/** Attendance can be marked from this long before the class starts (people check in at the door). */
export const ATTENDANCE_OPENS_MS = 30 * 60_000;

/** The moment attendance of a class starting at `startsAt` can first be marked. */
export function attendanceOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - ATTENDANCE_OPENS_MS);
}

/**
 * Marks a confirmed booking `attended` or `no_show`, or clears the mark (`null`). The booking stays
 * `confirmed` (and on the roster). In this order: a booking that is not the account's answers 404;
 * an actor who does not manage its class (lib/auth/instance-permission.ts) 403; earlier than 30
 * minutes before the class starts (at `now`), 409 `Class has not started`; attendance belongs to
 * confirmed bookings only, so another status answers 409 `Booking is not confirmed`.
 * A `no_show` mark is a strike from the moment it is first set (`noShowMarkedAt`, lib/strikes); one
 * that starts a block queues the member's email in the same transaction.
 */
export async function recordAttendance({
  db,
  actor,
  bookingId,
  attendance,
  now = new Date(),
}: {
  /** Or the caller's transaction (the door books and checks in at once). */
  db: TenantDb | TenantTx;
  actor: Actor;
  bookingId: string;
  attendance: "attended" | "no_show" | null;
  /** The clock the rule is decided by (tests inject one). */
  now?: Date;
}) {
  const found = await db.booking.findFirst({
    where: { id: bookingId },
    select: {
      accountId: true,
      attendeeId: true,
      attendance: true,
      noShowMarkedAt: true,
      instance: { select: { teacherIds: true, startsAt: true } },
    },
  });
  if (!found) throw new AppError("not_found");
  assertManagesInstance(actor, found.instance);
  if (now < attendanceOpensAt(found.instance.startsAt)) throw new AppError("class_not_started");
  const noShowMarkedAt =
    attendance === "no_show" ? (found.attendance === "no_show" && found.noShowMarkedAt) || now : null;
  const mark = async (tx: TenantTx) => {
    const [updated] = await tx.booking.updateManyAndReturn({
      where: { id: bookingId, status: "confirmed" },
      data: { attendance, noShowMarkedAt },
    });
    if (!updated) throw new AppError("booking_not_confirmed");
    if (attendance === "no_show")
      await noticeStrikeBlock(tx, { accountId: found.accountId, userId: found.attendeeId, now });
    return updated;
  };
  return "$transaction" in db ? db.$transaction(mark) : mark(db);
}

/**
 * Marks many bookings at once by the same rule as recordAttendance, for writers of past
 * attendance (the demo seed) inside their transaction: only confirmed bookings of classes whose
 * attendance is open at `now` are marked. How many were.
 */
export async function recordAttendanceOf(
  tx: TenantTx,
  { bookingIds, attendance, now }: { bookingIds: string[]; attendance: "attended" | "no_show"; now: Date },
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const { count } = await tx.booking.updateMany({
    where: {
      id: { in: bookingIds },
      status: "confirmed",
      instance: { startsAt: { lte: new Date(now.getTime() + ATTENDANCE_OPENS_MS) } },
    },
    data: { attendance },
  });
  // Past no-shows (the writer's history) count as strikes from their class's start.
  if (attendance === "no_show")
    await tx.$executeRaw`
      UPDATE "Booking" b SET "noShowMarkedAt" = i."startsAt"
        FROM "Instance" i
       WHERE b."id" = ANY (${bookingIds}::text[]) AND b."attendance" = 'no_show' AND b."noShowMarkedAt" IS NULL
         AND i."id" = b."instanceId" AND i."accountId" = b."accountId"`;
  return count;
}
