-- A place is written once (take_place) for a booking (book_place, behind book_instance), the
-- waitlist's promotion (promote_waitlist) and the demo seed; the booking window is one rule
-- (booking_window_state) that booking_verdict calls. Sources: prisma/sql/functions.
-- Copied from prisma/sql/functions/book_instance.sql by npm run db:migrate:new: edit that file, not this one.
-- Books a place for the holder of the session `p_token_hash` (or, for an administrator, for
-- `p_attendee_id`) in the session's account: the token names the account, so it comes first here
-- and the account id is first from book_place on. `p_mode`:
--   'book'  book_place as of `p_now`, and the confirmation email's outbox row for a confirmed place.
--   'look'  decides without any lock and writes nothing (verdict `confirm` or `waitlist` when it
--           would book): a full class turns late requests away without their waiting for its lock.
-- `outcome` is `confirmed` or `waitlisted` with the booking's columns, a verdict of 'look', or the
-- error code of the refusal (lib/errors.ts), authentication and permission first. `nowFull`: the
-- class has no place left.
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

  SELECT * INTO "outcome", "nowFull", "id", "accountId", "instanceId", "attendeeId", "status", "entitlementId",
                "attendance", "createdAt", "cancelledAt"
    FROM book_place(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_waitlist, p_now);
  IF "outcome" = 'confirmed' THEN
    INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind") VALUES (actor."accountId", "id", 'confirmed');
  END IF;
END
$$;

-- Copied from prisma/sql/functions/book_place.sql by npm run db:migrate:new: edit that file, not this one.
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
-- 23505). Used by book_instance and the demo seed (lib/demo/write-demo-fixture.ts).
CREATE OR REPLACE FUNCTION book_place(
  p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean,
  p_now timestamp, p_created_at timestamp DEFAULT NULL,
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
  SELECT * INTO decision FROM booking_verdict(p_account_id, p_instance_id, p_attendee_id, p_entitlement_id, p_now, p_waitlist);
  "nowFull" := decision."bookedCount" + (CASE WHEN decision."verdict" = 'confirm' THEN 1 ELSE 0 END) >= decision."capacity";

  IF decision."verdict" = 'confirm' THEN
    SELECT * INTO booking FROM take_place(p_account_id, p_instance_id, locked."eventId", locked."startsAt", p_attendee_id,
                                          p_entitlement_id, NULL, NULL, p_created_at);
    IF NOT FOUND THEN
      "outcome" := 'no_valid_entitlement';
      "nowFull" := decision."bookedCount" >= decision."capacity";
      RETURN;
    END IF;
  ELSIF decision."verdict" = 'waitlist' THEN
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
    VALUES (gen_random_uuid()::text, p_account_id, p_instance_id, p_attendee_id, 'waitlisted', p_entitlement_id,
            coalesce(p_created_at, clock_timestamp() AT TIME ZONE 'UTC'))
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

-- Copied from prisma/sql/functions/booking_verdict.sql by npm run db:migrate:new: edit that file, not this one.
-- The contract's answer to a booking request (decisions §7), checked in its order: `not_found`
-- (unknown instance, or an attendee who is not a member); `instance_not_bookable` (cancelled,
-- audience `nobody`, or `groups` and the attendee in none of them); `booking_closed` (outside
-- the booking window: booking_window_state);
-- `already_booked` (a confirmed or waitlisted booking); `no_valid_entitlement`; then `confirm` while
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

-- Copied from prisma/sql/functions/booking_window_state.sql by npm run db:migrate:new: edit that file, not this one.
-- Where `p_now` falls in the booking window of a class starting at `p_starts_at` (decisions §7):
-- 'started' from its start on, 'not_open_yet' before `p_opens_days_before` days ahead, 'closed'
-- after `p_closes_minutes_before` minutes ahead, else 'open'. Days are 24 hours (timestamps are UTC).
-- The TypeScript twin, lib/bookings/booking-window.ts, explains the window on the public schedule;
-- lib/bookings/booking-window.test.ts holds the two together.
CREATE OR REPLACE FUNCTION booking_window_state(
  p_now timestamp, p_starts_at timestamp, p_opens_days_before integer, p_closes_minutes_before integer
) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN p_now >= p_starts_at THEN 'started'
           WHEN p_now < p_starts_at - p_opens_days_before * interval '1 day' THEN 'not_open_yet'
           WHEN p_now > p_starts_at - p_closes_minutes_before * interval '1 minute' THEN 'closed'
           ELSE 'open'
         END
$$;

-- Copied from prisma/sql/functions/promote_waitlist.sql by npm run db:migrate:new: edit that file, not this one.
-- Fills the free places of an instance whose row the caller has locked from its waitlist, in queue
-- order (`createdAt`, then `id`): each waitlisted booking whose attendee has a usable entitlement
-- (the one named when joining first, else the one that expires first) gets a place (take_place);
-- one without stays waitlisted and the next is tried. Nothing is promoted once the instance has
-- started at `p_now` or when it is cancelled. The promoted bookings.
CREATE OR REPLACE FUNCTION promote_waitlist(p_account_id text, p_instance_id text, p_now timestamp)
RETURNS SETOF "Booking"
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  instance record;
  free integer;
  waiting record;
  promoted "Booking"%ROWTYPE;
BEGIN
  SELECT i."status", i."eventId", i."startsAt", i."capacity" - i."bookedCount" AS "free", i."waitlistCount" INTO instance
    FROM "Instance" i WHERE i."id" = p_instance_id AND i."accountId" = p_account_id;
  IF NOT FOUND OR instance."status" = 'cancelled' OR p_now >= instance."startsAt" OR instance."free" <= 0
     OR instance."waitlistCount" <= 0 THEN
    RETURN;
  END IF;
  free := instance."free";
  FOR waiting IN
    SELECT b."id", b."attendeeId", b."entitlementId" FROM "Booking" b
     WHERE b."accountId" = p_account_id AND b."instanceId" = p_instance_id AND b."status" = 'waitlisted'
     ORDER BY b."createdAt" ASC, b."id" ASC
  LOOP
    EXIT WHEN free <= 0;
    FOR promoted IN
      SELECT * FROM take_place(p_account_id, p_instance_id, instance."eventId", instance."startsAt", waiting."attendeeId",
                               NULL, waiting."entitlementId", waiting."id")
    LOOP
      free := free - 1;
      RETURN NEXT promoted;
    END LOOP;
  END LOOP;
END
$$;

-- Copied from prisma/sql/functions/take_place.sql by npm run db:migrate:new: edit that file, not this one.
-- The one write of a place: on an instance whose row the caller has locked (its event and start
-- passed along, read with the lock), takes a credit from the attendee's best usable entitlement (take_best_credit: `p_only` just that one, `p_preferred` first),
-- then confirms the booking and counts it on the instance. With `p_waitlisted_id` that waitlisted
-- booking gets the place (the waitlist's promotion); otherwise a new booking is inserted, created at
-- `p_created_at` or else now by the database's clock (under the instance's lock, so the order of
-- creation is the order in which bookings got the lock, across app processes). The confirmed
-- booking, or no row when no entitlement had a credit left or the booking was no longer waitlisted.
-- Used by book_place and promote_waitlist.
CREATE OR REPLACE FUNCTION take_place(
  p_account_id text, p_instance_id text, p_event_id text, p_starts_at timestamp, p_attendee_id text,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL,
  p_waitlisted_id text DEFAULT NULL, p_created_at timestamp DEFAULT NULL
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
  credit := take_best_credit(p_account_id, p_attendee_id, p_event_id, p_starts_at, p_only, p_preferred);
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
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
    VALUES (gen_random_uuid()::text, p_account_id, p_instance_id, p_attendee_id, 'confirmed', credit,
            coalesce(p_created_at, clock_timestamp() AT TIME ZONE 'UTC'))
    RETURNING * INTO placed;
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
     WHERE "id" = p_instance_id AND "accountId" = p_account_id;
  END IF;
  RETURN NEXT placed;
END
$$;
