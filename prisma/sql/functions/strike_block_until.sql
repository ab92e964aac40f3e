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
