-- Books a place for the holder of the session `p_token_hash` (or, for an administrator, for
-- `p_attendee_id`). `p_mode`:
--   'book'  locks the attendee's membership FOR KEY SHARE (a concurrent removal waits, or this finds
--           none), then the instance row FOR UPDATE (every booking change of one instance queues
--           there, so its counters are exact and capacity holds), then decides on a fresh snapshot
--           and writes: the credit (take_best_credit), the booking, the counter and the
--           confirmation email's outbox row. Full with `p_waitlist` and the waitlist enabled gives a
--           `waitlisted` booking without a credit.
--   'look'  decides without any lock and writes nothing (verdict `confirm` or `waitlist` when it
--           would book): a full class turns late requests away without their waiting for its lock.
-- `outcome` is `confirmed` or `waitlisted` with the booking's columns, a verdict of 'look', or the
-- error code of the refusal (lib/errors.ts), authentication and permission first. `nowFull`: the
-- class has no place left. The partial unique index "Booking_one_live_per_attendee" backs one live
-- booking per attendee (a concurrent twin fails with 23505).
CREATE OR REPLACE FUNCTION book_instance(
  p_token_hash text, p_demo_mode boolean, p_now timestamp, p_mode text,
  p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean,
  OUT "outcome" text, OUT "nowFull" boolean,
  OUT "id" text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT "status" text,
  OUT "entitlementId" text, OUT "attendance" text, OUT "createdAt" timestamp(3), OUT "cancelledAt" timestamp(3)
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  actor record;
  attendee text;
  decision record;
  locked record;
  credit text;
  booking "Booking"%ROWTYPE;
BEGIN
  SELECT s."userId", s."accountId", s."persona" INTO actor FROM studio_session(p_token_hash, p_now, p_demo_mode) s;
  IF NOT FOUND THEN
    "outcome" := 'authentication_required';
    RETURN;
  END IF;
  attendee := coalesce(p_attendee_id, actor."userId");
  IF attendee <> actor."userId" AND actor."persona" <> 'administrator' THEN
    "outcome" := 'insufficient_permission';
    RETURN;
  END IF;

  IF p_mode = 'look' THEN
    SELECT * INTO decision FROM booking_verdict(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_now, p_waitlist);
    "outcome" := decision."verdict";
    "nowFull" := decision."bookedCount" >= decision."capacity";
    RETURN;
  END IF;

  PERFORM 1 FROM "Membership" m WHERE m."accountId" = actor."accountId" AND m."userId" = attendee FOR KEY SHARE;
  IF FOUND THEN
    SELECT i."eventId", i."startsAt" INTO locked
      FROM "Instance" i WHERE i."id" = p_instance_id AND i."accountId" = actor."accountId" FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    "outcome" := 'not_found';
    RETURN;
  END IF;
  -- A new statement, so a new snapshot: it sees every booking change committed before the lock.
  SELECT * INTO decision FROM booking_verdict(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_now, p_waitlist);
  "nowFull" := decision."bookedCount" + (CASE WHEN decision."verdict" = 'confirm' THEN 1 ELSE 0 END) >= decision."capacity";

  IF decision."verdict" = 'confirm' THEN
    credit := take_best_credit(actor."accountId", attendee, locked."eventId", locked."startsAt", p_entitlement_id);
    IF credit IS NULL THEN
      "outcome" := 'no_valid_entitlement';
      "nowFull" := decision."bookedCount" >= decision."capacity";
      RETURN;
    END IF;
    -- createdAt is the database's clock while the instance is locked: the waitlist's order is the
    -- order in which bookings got the lock, across app processes.
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
    VALUES (gen_random_uuid()::text, actor."accountId", p_instance_id, attendee, 'confirmed', credit,
            clock_timestamp() AT TIME ZONE 'UTC')
    RETURNING * INTO booking;
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1 WHERE "id" = p_instance_id AND "accountId" = actor."accountId";
    INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind") VALUES (actor."accountId", booking."id", 'confirmed');
  ELSIF decision."verdict" = 'waitlist' THEN
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
    VALUES (gen_random_uuid()::text, actor."accountId", p_instance_id, attendee, 'waitlisted', p_entitlement_id,
            clock_timestamp() AT TIME ZONE 'UTC')
    RETURNING * INTO booking;
    UPDATE "Instance" SET "waitlistCount" = "waitlistCount" + 1 WHERE "id" = p_instance_id AND "accountId" = actor."accountId";
  ELSE
    "outcome" := decision."verdict";
    RETURN;
  END IF;

  "outcome" := booking."status";
  "id" := booking."id";
  "accountId" := booking."accountId";
  "instanceId" := booking."instanceId";
  "attendeeId" := booking."attendeeId";
  "status" := booking."status";
  "entitlementId" := booking."entitlementId";
  "attendance" := booking."attendance";
  "createdAt" := booking."createdAt";
  "cancelledAt" := booking."cancelledAt";
END
$$;
