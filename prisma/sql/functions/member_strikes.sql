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
