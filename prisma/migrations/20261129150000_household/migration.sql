-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "guestsPerBooking" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "guardianId" TEXT;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "guestOfId" TEXT;

-- CreateIndex
CREATE INDEX "User_guardianId_idx" ON "User"("guardianId");

-- CreateIndex
CREATE INDEX "Booking_instanceId_guestOfId_idx" ON "Booking"("instanceId", "guestOfId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


DROP FUNCTION book_instance(p_token_hash text, p_demo_mode boolean, p_now timestamp without time zone, p_mode text, p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean, OUT outcome text, OUT "nowFull" boolean, OUT id text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT status text, OUT "entitlementId" text, OUT attendance text, OUT "createdAt" timestamp without time zone, OUT "cancelledAt" timestamp without time zone);
DROP FUNCTION book_place(p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean, p_now timestamp without time zone, p_created_at timestamp without time zone, OUT outcome text, OUT "nowFull" boolean, OUT id text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT status text, OUT "entitlementId" text, OUT attendance text, OUT "createdAt" timestamp without time zone, OUT "cancelledAt" timestamp without time zone);
DROP FUNCTION booking_verdict(p_account_id text, p_instance_id text, p_attendee_id text, p_entitlement_id text, p_now timestamp without time zone, p_waitlist boolean, OUT verdict text, OUT "bookedCount" integer, OUT capacity integer);
DROP FUNCTION take_place(p_account_id text, p_instance_id text, p_event_id text, p_starts_at timestamp without time zone, p_attendee_id text, p_only text, p_preferred text, p_waitlisted_id text, p_created_at timestamp without time zone);
-- Copied from prisma/sql/functions/book_instance.sql by npm run db:migrate:new: edit that file, not this one.
-- Books a place for the holder of the session `p_token_hash` (or, for an administrator, an API key or a
-- teacher of the instance, for `p_attendee_id`) in the session's account: the token names the account, so it comes first here
-- and the account id is first from book_place on. `p_mode`:
--   'book'  book_place as of `p_now`, the confirmation email's outbox row for a confirmed place, and
--           a `booking.created` webhook delivery (confirmed or waitlisted) for each enabled endpoint
--           of the account that subscribes to it (the webhook sender's 5-second sweep sends them).
--   'look'  decides without any lock and writes nothing (verdict `confirm` or `waitlist` when it
--           would book): a full class turns late requests away without their waiting for its lock.
-- `outcome` is `confirmed` or `waitlisted` with the booking's columns, a verdict of 'look', or the
-- error code of the refusal (lib/errors.ts), authentication and permission first. `nowFull`: the
-- class has no place left.
-- The deliveries' body is the one lib/webhooks/enqueue-webhook-delivery.ts writes, byte for byte:
-- `{"type":…,"timestamp":…,"data":<serializeBooking(booking)>}` (lib/schemas/booking.ts), keys in
-- its order, no spaces (json_build_object would add some), timestamps as toISOString() writes them;
-- app/api/webhooks/booking-events.test.ts holds the two together. book_place writes no event (the
-- demo seed calls it).
-- A person may book for themselves or for their dependants (User.guardianId, decision 0038). With
-- `p_guest` the session's person brings `p_attendee_id` as a guest (lib/bookings/book-guest.ts made
-- the identity in the same transaction) and pays with their own pass: `guests_not_allowed` when the
-- account's guestsPerBooking is 0, `too_many_guests` past it (booking_verdict).
CREATE OR REPLACE FUNCTION book_instance(
  p_token_hash text, p_demo_mode boolean, p_now timestamp, p_mode text,
  p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean, p_guest boolean DEFAULT false,
  OUT "outcome" text, OUT "nowFull" boolean,
  OUT "id" text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT "status" text,
  OUT "entitlementId" text, OUT "attendance" text, OUT "createdAt" timestamp(3), OUT "cancelledAt" timestamp(3)
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  actor record;
  attendee text;
  decision record;
  guest_of text;
BEGIN
  SELECT s."userId", s."accountId", s."persona" INTO actor FROM studio_session(p_token_hash, p_now, p_demo_mode) s;
  IF NOT FOUND THEN
    "outcome" := 'authentication_required';
    RETURN;
  END IF;
  -- An API key is no person (decision 0021, lib/auth/authenticate-credential.ts): it books someone
  -- in, never itself.
  IF actor."userId" IS NULL AND p_attendee_id IS NULL THEN
    "outcome" := 'insufficient_permission';
    RETURN;
  END IF;
  attendee := coalesce(p_attendee_id, actor."userId");
  IF p_guest THEN
    IF actor."userId" IS NULL OR p_attendee_id IS NULL THEN
      "outcome" := 'insufficient_permission';
      RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "Account" a WHERE a."id" = actor."accountId" AND a."guestsPerBooking" > 0) THEN
      "outcome" := 'guests_not_allowed';
      RETURN;
    END IF;
    guest_of := actor."userId";
  END IF;
  -- Booking someone else in: the rule of lib/auth/instance-permission.ts (managesInstance), the
  -- administrator, or a teacher of the instance. A teacher's instance that is not the account's is
  -- left to book_place's 404.
  IF attendee IS DISTINCT FROM actor."userId" AND NOT p_guest AND actor."persona" <> 'administrator'
     AND NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = attendee AND u."guardianId" = actor."userId") AND (
       actor."persona" <> 'teacher'
       OR EXISTS (SELECT 1 FROM "Instance" i
                  WHERE i."id" = p_instance_id AND i."accountId" = actor."accountId"
                    AND NOT (actor."userId" = ANY (i."teacherIds")))) THEN
    "outcome" := 'insufficient_permission';
    RETURN;
  END IF;

  IF p_mode = 'look' THEN
    SELECT * INTO decision FROM booking_verdict(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_now, p_waitlist, guest_of);
    "outcome" := decision."verdict";
    "nowFull" := decision."bookedCount" >= decision."capacity";
    RETURN;
  END IF;

  SELECT * INTO "outcome", "nowFull", "id", "accountId", "instanceId", "attendeeId", "status", "entitlementId",
                "attendance", "createdAt", "cancelledAt"
    FROM book_place(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_waitlist, p_now, NULL, guest_of);
  IF "outcome" = 'confirmed' THEN
    INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind") VALUES (actor."accountId", "id", 'confirmed');
  END IF;
  IF "outcome" IN ('confirmed', 'waitlisted') THEN
    -- The booking's columns are this function's OUT parameters, qualified: bare, they would be the Webhook's.
    INSERT INTO "WebhookDelivery" ("id", "accountId", "webhookId", "eventType", "payload", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid()::text, w."accountId", w."id", 'booking.created',
      '{"type":"booking.created","timestamp":' || to_json(to_char(p_now, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      || ',"data":{"id":' || to_json(book_instance."id")::text
      || ',"accountId":' || to_json(book_instance."accountId")::text
      || ',"instanceId":' || to_json(book_instance."instanceId")::text
      || ',"attendeeId":' || to_json(book_instance."attendeeId")::text
      || ',"status":' || to_json(book_instance."status")::text
      || ',"entitlementId":' || coalesce(to_json(book_instance."entitlementId")::text, 'null')
      || ',"createdAt":' || to_json(to_char(book_instance."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      || ',"cancelledAt":' || coalesce(to_json(to_char(book_instance."cancelledAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null')
      || ',"attendance":' || coalesce(to_json(book_instance."attendance")::text, 'null')
      || '}}',
      p_now, p_now
      FROM "Webhook" w
      WHERE w."accountId" = actor."accountId" AND w."status" = 'enabled' AND 'booking.created' = ANY (w."events");
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

-- Copied from prisma/sql/functions/booking_verdict.sql by npm run db:migrate:new: edit that file, not this one.
-- The contract's answer to a booking request (decisions §7), checked in its order: `not_found`
-- (unknown instance, or an attendee who is not a member); `instance_not_bookable` (cancelled,
-- audience `nobody`, or `groups` and the attendee in none of them); `booking_closed` (outside
-- the booking window: booking_window_state);
-- `already_booked` (a confirmed or waitlisted booking); `too_many_guests` (a guest's booking, `p_guest_of`
-- the host, who has brought the account's guestsPerBooking to the class already); `no_valid_entitlement`
-- (a guest's: of the host's entitlements); then `confirm` while
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

-- Copied from prisma/sql/functions/promote_waitlist.sql by npm run db:migrate:new: edit that file, not this one.
-- Fills the free places of an instance whose row the caller has locked from its waitlist, in queue
-- order (`createdAt`, then `id`): each waitlisted booking whose attendee has a usable entitlement
-- (a guest's: the host's; the one named when joining first, else the one that expires first) gets a place (take_place);
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
    SELECT b."id", b."attendeeId", b."entitlementId", b."guestOfId" FROM "Booking" b
     WHERE b."accountId" = p_account_id AND b."instanceId" = p_instance_id AND b."status" = 'waitlisted'
     ORDER BY b."createdAt" ASC, b."id" ASC
  LOOP
    EXIT WHEN free <= 0;
    FOR promoted IN
      SELECT * FROM take_place(p_account_id, p_instance_id, instance."eventId", instance."startsAt", waiting."attendeeId",
                               NULL, waiting."entitlementId", waiting."id", NULL, waiting."guestOfId")
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
