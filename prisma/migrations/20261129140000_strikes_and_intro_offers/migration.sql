-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "strikeBlockDays" INTEGER NOT NULL DEFAULT 7,
ADD COLUMN     "strikeLateCancels" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "strikeLimit" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "strikeWindowDays" INTEGER NOT NULL DEFAULT 30;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "noShowMarkedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "strikeBlockNoticeUntil" TIMESTAMP(3),
ADD COLUMN     "strikesClearedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "newcomersOnly" BOOLEAN NOT NULL DEFAULT false;

-- No-shows marked before strikes existed count from their class's start (written by hand).
UPDATE "Booking" b SET "noShowMarkedAt" = i."startsAt"
  FROM "Instance" i
 WHERE i."id" = b."instanceId" AND b."attendance" = 'no_show' AND b."noShowMarkedAt" IS NULL;

-- Copied from prisma/sql/functions/member_strikes.sql by npm run db:migrate:new: edit that file, not this one.
-- A member's strikes (issue 33 §4) after `p_since` up to `p_now`, oldest first: a confirmed booking
-- marked `no_show` counts from the moment of its mark (`noShowMarkedAt`), a `late_cancelled` one from
-- its cancellation when the studio counts late cancellations (`strikeLateCancels`). Strikes up to the
-- moment an administrator lifted them (`Membership.strikesClearedAt`) no longer count. Derived from
-- the bookings, never stored (docs/decisions/0037-strikes.md): a cleared mark, or a late cancellation
-- the desk forgave (`cancelled`), is no strike. lib/strikes reads strikes through this function only.
CREATE OR REPLACE FUNCTION member_strikes(p_account_id text, p_user_id text, p_since timestamp, p_now timestamp)
RETURNS TABLE ("bookingId" text, "kind" text, "struckAt" timestamp)
LANGUAGE sql STABLE AS $$
  SELECT s."bookingId", s."kind", s."struckAt"
    FROM (SELECT b."id" AS "bookingId", 'no_show' AS "kind", b."noShowMarkedAt" AS "struckAt"
            FROM "Booking" b
           WHERE b."accountId" = p_account_id AND b."attendeeId" = p_user_id
             AND b."status" = 'confirmed' AND b."attendance" = 'no_show'
          UNION ALL
          SELECT b."id", 'late_cancel', b."cancelledAt"
            FROM "Booking" b JOIN "Account" a ON a."id" = b."accountId"
           WHERE b."accountId" = p_account_id AND b."attendeeId" = p_user_id
             AND b."status" = 'late_cancelled' AND a."strikeLateCancels") s
    JOIN "Membership" m ON m."accountId" = p_account_id AND m."userId" = p_user_id
   WHERE s."struckAt" > p_since AND s."struckAt" <= p_now
     AND (m."strikesClearedAt" IS NULL OR s."struckAt" > m."strikesClearedAt")
   ORDER BY s."struckAt", s."bookingId"
$$;
-- Copied from prisma/sql/functions/strike_block_until.sql by npm run db:migrate:new: edit that file, not this one.
-- Until when a member may not book (issue 33 §4), or null. With strikes on (`strikeLimit` > 0), a
-- strike that brings the strikes within `strikeWindowDays` up to it (itself and those before it) to
-- `strikeLimit` blocks booking for `strikeBlockDays` from its moment; the latest such end still
-- ahead of `p_now` is the answer. Days are 24 hours (timestamps are UTC). The one owner of the rule:
-- booking_verdict refuses with it, and lib/strikes reads it for the pages, booking options and the email.
CREATE OR REPLACE FUNCTION strike_block_until(p_account_id text, p_user_id text, p_now timestamp) RETURNS timestamp
LANGUAGE plpgsql STABLE AS $$
DECLARE
  policy record;
  block_ends timestamp;
BEGIN
  SELECT a."strikeLimit" AS "limit", a."strikeWindowDays" * interval '1 day' AS "window",
         a."strikeBlockDays" * interval '1 day' AS "block"
    INTO policy FROM "Account" a WHERE a."id" = p_account_id;
  IF NOT FOUND OR policy."limit" = 0 THEN
    RETURN NULL;
  END IF;
  WITH strikes AS (
    SELECT s."struckAt" FROM member_strikes(p_account_id, p_user_id, p_now - policy."block" - policy."window", p_now) s
  )
  SELECT max(s."struckAt" + policy."block") INTO block_ends
    FROM strikes s
   WHERE (SELECT count(*) FROM strikes t
           WHERE t."struckAt" > s."struckAt" - policy."window" AND t."struckAt" <= s."struckAt") >= policy."limit";
  RETURN CASE WHEN block_ends > p_now THEN block_ends END;
END
$$;
-- Copied from prisma/sql/functions/booking_verdict.sql by npm run db:migrate:new: edit that file, not this one.
-- The contract's answer to a booking request (decisions §7), checked in its order: `not_found`
-- (unknown instance, or an attendee who is not a member); `instance_not_bookable` (cancelled,
-- audience `nobody`, or `groups` and the attendee in none of them); `booking_closed` (outside
-- the booking window: booking_window_state);
-- `already_booked` (a confirmed or waitlisted booking); `booking_blocked` (strikes: strike_block_until);
-- `no_valid_entitlement`; then `confirm` while
-- places are left, else `waitlist` when asked and enabled, else `instance_full`. With the instance's
-- counters, read in the same snapshot.
CREATE OR REPLACE FUNCTION booking_verdict(
  p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text,
  p_now timestamp, p_waitlist boolean,
  OUT "verdict" text, OUT "bookedCount" integer, OUT "capacity" integer
) LANGUAGE plpgsql STABLE AS $$
-- PL/pgSQL, not SQL: PostgreSQL before 18 plans a SQL function's body again on every call, while
-- PL/pgSQL keeps the plan for the session.
#variable_conflict use_column
BEGIN
  SELECT CASE
           WHEN i."id" IS NULL
             OR NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."accountId" = p_account_id AND m."userId" = p_attendee_id)
             THEN 'not_found'
           WHEN i."status" = 'cancelled' OR i."audience" = 'nobody'
             OR (i."audience" = 'groups' AND NOT EXISTS (
                   SELECT 1 FROM "GroupMember" g
                    WHERE g."accountId" = p_account_id AND g."userId" = p_attendee_id AND g."groupId" = ANY (i."groupIds")))
             THEN 'instance_not_bookable'
           WHEN booking_window_state(p_now, i."startsAt", a."opensDaysBefore", a."closesMinutesBefore") <> 'open'
             THEN 'booking_closed'
           WHEN EXISTS (SELECT 1 FROM "Booking" b
                         WHERE b."accountId" = p_account_id AND b."instanceId" = i."id" AND b."attendeeId" = p_attendee_id
                           AND b."status" IN ('confirmed', 'waitlisted'))
             THEN 'already_booked'
           WHEN a."strikeLimit" > 0 AND strike_block_until(p_account_id, p_attendee_id, p_now) IS NOT NULL
             THEN 'booking_blocked'
           WHEN NOT EXISTS (
                  SELECT 1 FROM usable_entitlements(p_account_id, p_attendee_id, i."eventId", i."startsAt", p_entitlement_id))
             THEN 'no_valid_entitlement'
           WHEN i."bookedCount" < i."capacity" THEN 'confirm'
           WHEN p_waitlist AND a."waitlistEnabled" THEN 'waitlist'
           ELSE 'instance_full'
         END,
         i."bookedCount", i."capacity"
    INTO "verdict", "bookedCount", "capacity"
    FROM (SELECT 1) AS one
    LEFT JOIN ("Instance" i JOIN "Account" a ON a."id" = i."accountId")
           ON i."id" = p_instance_id AND i."accountId" = p_account_id;
END
$$;
