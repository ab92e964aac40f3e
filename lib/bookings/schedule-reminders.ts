// Puts the class reminders that are due in the booking email outbox. Plain SQL (RawSql) and no
// server-only, like the outbox's drain: the sender's sweep runs it in every serving process.
import type { RawSql } from "@/lib/db/raw-sql";

/** The most hours before a class a studio may remind (PATCH /account `reminderHours`). */
export const MAX_REMINDER_HOURS = 168;

/**
 * One statement: every confirmed booking whose class starts within its studio's `reminderHours` of
 * `now`, not reminded yet, made before the reminder moment (someone who books later than that gets
 * none), of an attendee who has not switched reminders off, gets `remindedAt` and a `reminder` row in
 * the outbox. The conditional UPDATE makes it at most once: two processes sweeping at once both try
 * to set `remindedAt` on the same row, and PostgreSQL re-checks `"remindedAt" IS NULL` for the one
 * that waited, which then skips it. Returns how many reminders were scheduled.
 */
export async function scheduleDueReminders(sql: RawSql, now: Date): Promise<number> {
  const rows = await sql.query<{ scheduled: number }>({
    text: `
    WITH due AS (
      UPDATE "Booking" b SET "remindedAt" = $1::timestamp
        FROM "Instance" i, "Account" a, "User" u
       WHERE i."id" = b."instanceId" AND i."accountId" = b."accountId"
         AND a."id" = b."accountId" AND u."id" = b."attendeeId"
         AND i."startsAt" > $1::timestamp
         AND i."startsAt" <= $1::timestamp + $2::int * interval '1 hour'
         AND i."status" <> 'cancelled'
         AND a."reminderHours" > 0 AND a."status" = 'active'
         AND i."startsAt" <= $1::timestamp + a."reminderHours" * interval '1 hour'
         AND b."status" = 'confirmed' AND b."remindedAt" IS NULL
         AND b."createdAt" <= i."startsAt" - a."reminderHours" * interval '1 hour'
         AND u."emailReminders" AND u."status" <> 'disabled'
      RETURNING b."id", b."accountId"
    ), queued AS (
      INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind")
      SELECT "accountId", "id", 'reminder' FROM due
      RETURNING 1
    )
    SELECT count(*)::int AS "scheduled" FROM queued`,
    values: [now, MAX_REMINDER_HOURS],
  });
  return rows[0]?.scheduled ?? 0;
}
