-- The one write of a place: on an instance whose row the caller has locked (its event and start
-- passed along, read with the lock), takes a credit from the attendee's best usable entitlement (take_best_credit: `p_only` just that one, `p_preferred` first),
-- then confirms the booking and counts it on the instance. With `p_waitlisted_id` that waitlisted
-- booking gets the place (the waitlist's promotion); otherwise a new booking is inserted, created at
-- `p_created_at` or else now by the database's clock (under the instance's lock, so the order of
-- creation is the order in which bookings got the lock, across app processes). The confirmed
-- booking, or no row when no entitlement had a credit left or the booking was no longer waitlisted.
-- `p_guest_of`: a guest's booking, whose credit is that member's (the host's), not the guest's; a
-- promoted guest booking passes its `guestOfId`. Used by book_place and promote_waitlist.
CREATE OR REPLACE FUNCTION take_place(
  p_account_id text, p_instance_id text, p_event_id text, p_starts_at timestamp, p_attendee_id text,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL,
  p_waitlisted_id text DEFAULT NULL, p_created_at timestamp DEFAULT NULL, p_guest_of text DEFAULT NULL
) RETURNS SETOF "Booking"
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  credit text;
  placed "Booking"%ROWTYPE;
BEGIN
  IF p_waitlisted_id IS NOT NULL THEN
    PERFORM 1 FROM "Booking" b
      WHERE b."id" = p_waitlisted_id AND b."accountId" = p_account_id AND b."status" = 'waitlisted'
      FOR UPDATE;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;
  credit := take_best_credit(p_account_id, coalesce(p_guest_of, p_attendee_id), p_event_id, p_starts_at, p_only, p_preferred);
  IF credit IS NULL THEN
    RETURN;
  END IF;

  IF p_waitlisted_id IS NOT NULL THEN
    UPDATE "Booking" SET "status" = 'confirmed', "entitlementId" = credit
     WHERE "id" = p_waitlisted_id AND "accountId" = p_account_id
    RETURNING * INTO placed;
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1, "waitlistCount" = "waitlistCount" - 1
     WHERE "id" = p_instance_id AND "accountId" = p_account_id;
  ELSE
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt", "guestOfId")
    VALUES (gen_random_uuid()::text, p_account_id, p_instance_id, p_attendee_id, 'confirmed', credit,
            coalesce(p_created_at, clock_timestamp() AT TIME ZONE 'UTC'), p_guest_of)
    RETURNING * INTO placed;
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
     WHERE "id" = p_instance_id AND "accountId" = p_account_id;
  END IF;
  RETURN NEXT placed;
END
$$;
