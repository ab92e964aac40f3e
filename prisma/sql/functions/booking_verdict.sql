-- The contract's answer to a booking request (decisions §7), checked in its order: `not_found`
-- (unknown instance, or an attendee who is not a member); `instance_not_bookable` (cancelled,
-- audience `nobody`, or `groups` and the attendee in none of them); `booking_closed` (outside
-- the booking window: booking_window_state);
-- `already_booked` (a confirmed or waitlisted booking); `booking_blocked` (strikes: strike_block_until);
-- `too_many_guests` (a guest's booking, `p_guest_of` the host, who has brought the account's
-- guestsPerBooking to the class already); `no_valid_entitlement` (a guest's: of the host's
-- entitlements); then `confirm` while
-- places are left, else `waitlist` when asked and enabled, else `instance_full`. With the instance's
-- counters, read in the same snapshot.
CREATE OR REPLACE FUNCTION booking_verdict(
  p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text,
  p_now timestamp, p_waitlist boolean, p_guest_of text DEFAULT NULL,
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
           WHEN p_guest_of IS NOT NULL AND (
                  SELECT count(*) FROM "Booking" b
                   WHERE b."accountId" = p_account_id AND b."instanceId" = i."id" AND b."guestOfId" = p_guest_of
                     AND b."status" IN ('confirmed', 'waitlisted')) >= a."guestsPerBooking"
             THEN 'too_many_guests'
           WHEN NOT EXISTS (
                  SELECT 1 FROM usable_entitlements(p_account_id, coalesce(p_guest_of, p_attendee_id), i."eventId", i."startsAt", p_entitlement_id))
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
