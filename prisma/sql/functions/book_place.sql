-- Books a place in an account: the contract's rules (booking_verdict) decided as of `p_now`, then
-- the write. Locks the attendee's membership FOR KEY SHARE (a concurrent removal waits, or this
-- finds none), then the instance row FOR UPDATE (every booking change of one instance queues there,
-- so its counters are exact and capacity holds), then decides on a fresh snapshot and writes: a
-- place (take_place) when the verdict is `confirm`; a `waitlisted` booking without a credit when the
-- class is full, `p_waitlist` asks and the waitlist is enabled. `outcome` is `confirmed` or
-- `waitlisted` with the booking's columns, or the error code of the refusal (lib/errors.ts).
-- `nowFull`: the class has no place left. `p_created_at` dates the booking (the demo seed's past
-- moments); by default the database's clock under the lock. The partial unique index
-- "Booking_one_live_per_attendee" backs one live booking per attendee (a concurrent twin fails with
-- 23505). `p_guest_of`: a guest's booking brought by that member, who pays (booking_verdict, take_place).
-- Used by book_instance and the demo seed (lib/demo/write-demo-fixture.ts).
CREATE OR REPLACE FUNCTION book_place(
  p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean,
  p_now timestamp, p_created_at timestamp DEFAULT NULL, p_guest_of text DEFAULT NULL,
  OUT "outcome" text, OUT "nowFull" boolean,
  OUT "id" text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT "status" text,
  OUT "entitlementId" text, OUT "attendance" text, OUT "createdAt" timestamp(3), OUT "cancelledAt" timestamp(3)
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  locked record;
  decision record;
  booking "Booking"%ROWTYPE;
BEGIN
  PERFORM 1 FROM "Membership" m WHERE m."accountId" = p_account_id AND m."userId" = p_attendee_id FOR KEY SHARE;
  IF FOUND THEN
    SELECT i."eventId", i."startsAt" INTO locked
      FROM "Instance" i WHERE i."id" = p_instance_id AND i."accountId" = p_account_id FOR UPDATE;
  END IF;
  IF NOT FOUND THEN
    "outcome" := 'not_found';
    RETURN;
  END IF;
  -- A new statement, so a new snapshot: it sees every booking change committed before the lock.
  SELECT * INTO decision FROM booking_verdict(p_account_id, p_instance_id, p_attendee_id, p_entitlement_id, p_now, p_waitlist, p_guest_of);
  "nowFull" := decision."bookedCount" + (CASE WHEN decision."verdict" = 'confirm' THEN 1 ELSE 0 END) >= decision."capacity";

  IF decision."verdict" = 'confirm' THEN
    SELECT * INTO booking FROM take_place(p_account_id, p_instance_id, locked."eventId", locked."startsAt", p_attendee_id,
                                          p_entitlement_id, NULL, NULL, p_created_at, p_guest_of);
    IF NOT FOUND THEN
      "outcome" := 'no_valid_entitlement';
      "nowFull" := decision."bookedCount" >= decision."capacity";
      RETURN;
    END IF;
  ELSIF decision."verdict" = 'waitlist' THEN
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt", "guestOfId")
    VALUES (gen_random_uuid()::text, p_account_id, p_instance_id, p_attendee_id, 'waitlisted', p_entitlement_id,
            coalesce(p_created_at, clock_timestamp() AT TIME ZONE 'UTC'), p_guest_of)
    RETURNING * INTO booking;
    UPDATE "Instance" SET "waitlistCount" = "waitlistCount" + 1 WHERE "id" = p_instance_id AND "accountId" = p_account_id;
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
