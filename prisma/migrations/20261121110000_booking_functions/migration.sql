-- The booking hot path as database functions (docs/decisions/0004-booking-concurrency.md): a
-- booking is one statement, `SELECT * FROM book_instance(…)`, so one round trip and one implicit
-- transaction. Each function below is the only definition of its rule; the application's SQL calls
-- them (lib/http/authenticate.ts, lib/bookings/entitlement-credits.ts, lib/bookings/book-instance.ts).

-- The session behind a token's sha256 at `p_now`: known, not expired, its user not disabled, a
-- member of the session's account, and a demo session only while demo mode is on.
CREATE FUNCTION studio_session(p_token_hash text, p_now timestamp, p_demo_mode boolean)
RETURNS TABLE ("userId" text, "accountId" text, "persona" text, "kind" text, "expiresAt" timestamp(3))
LANGUAGE sql STABLE AS $$
  SELECT s."userId", s."accountId", m."persona", s."kind", s."expiresAt"
    FROM "Session" s
    JOIN "User" u ON u."id" = s."userId"
    JOIN "Membership" m ON m."accountId" = s."accountId" AND m."userId" = s."userId"
   WHERE s."tokenHash" = p_token_hash
     AND s."expiresAt" > p_now
     AND u."status" <> 'disabled'
     AND (s."kind" <> 'demo' OR p_demo_mode)
$$;

-- The attendee's entitlements usable for a class of `p_event_id` starting at `p_starts_at`, best
-- first: status `active`, `validFrom ≤ start < validUntil` (no end when null), a credit left (null =
-- unlimited), and a product whose `eligibleEventIds` is empty or holds the event. Order: `p_preferred`
-- first (the one a client named when joining the waitlist), then the one that expires first (no end
-- last), then the oldest. With `p_only` just that entitlement is considered.
CREATE FUNCTION usable_entitlements(
  p_account_id text, p_user_id text, p_event_id text, p_starts_at timestamp,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL
) RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT e."id"
    FROM "Entitlement" e
    JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = e."accountId"
   WHERE e."accountId" = p_account_id
     AND e."userId" = p_user_id
     AND e."status" = 'active'
     AND e."validFrom" <= p_starts_at
     AND (e."validUntil" IS NULL OR e."validUntil" > p_starts_at)
     AND (e."remainingClasses" IS NULL OR e."remainingClasses" > 0)
     AND (cardinality(p."eligibleEventIds") = 0 OR p_event_id = ANY (p."eligibleEventIds"))
     AND (p_only IS NULL OR e."id" = p_only)
   ORDER BY (e."id" = p_preferred) IS TRUE DESC, e."validUntil" ASC NULLS LAST, e."createdAt" ASC, e."id" ASC
$$;

-- The one way a credit is taken: a conditional UPDATE of one entitlement. PostgreSQL locks the row
-- and evaluates the condition again on its newest version, so two transactions racing for a pass's
-- last credit cannot both succeed and the count never goes below zero. The pass whose last credit is
-- taken becomes `exhausted`; an unlimited one (null) is locked and checked the same way. The id when
-- a credit was taken, no row otherwise.
CREATE FUNCTION take_credit(p_entitlement_id text, p_account_id text) RETURNS SETOF text
LANGUAGE sql VOLATILE AS $$
  UPDATE "Entitlement"
     SET "remainingClasses" = "remainingClasses" - 1,
         "status" = CASE WHEN "remainingClasses" = 1 THEN 'exhausted' ELSE "status" END
   WHERE "id" = p_entitlement_id AND "accountId" = p_account_id AND "status" = 'active'
     AND ("remainingClasses" IS NULL OR "remainingClasses" > 0)
  RETURNING "id"
$$;

-- Takes one credit for a class from the attendee's best usable entitlement (usable_entitlements'
-- order), or from the next one when a concurrent booking took the last credit of the first
-- meanwhile. The entitlement's id, or NULL when none had a credit left. Used by a booking and by the
-- waitlist's promotion (lib/bookings/promote-waitlist.ts).
CREATE FUNCTION take_best_credit(
  p_account_id text, p_user_id text, p_event_id text, p_starts_at timestamp,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text;
  taken text;
BEGIN
  FOR candidate IN
    SELECT u FROM usable_entitlements(p_account_id, p_user_id, p_event_id, p_starts_at, p_only, p_preferred) u
  LOOP
    SELECT t INTO taken FROM take_credit(candidate, p_account_id) t;
    IF taken IS NOT NULL THEN
      RETURN taken;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- The contract's answer to a booking request (decisions §7), checked in its order: `not_found`
-- (unknown instance, or an attendee who is not a member); `instance_not_bookable` (cancelled,
-- audience `nobody`, or `groups` and the attendee in none of them); `booking_closed` (outside
-- `opensDaysBefore` days … `closesMinutesBefore` minutes before the start, or started);
-- `already_booked` (a confirmed or waitlisted booking); `no_valid_entitlement`; then `confirm` while
-- places are left, else `waitlist` when asked and enabled, else `instance_full`. With the instance's
-- counters, read in the same snapshot.
CREATE FUNCTION booking_verdict(
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
           WHEN NOT (p_now >= i."startsAt" - a."opensDaysBefore" * interval '1 day'
                     AND p_now <= i."startsAt" - a."closesMinutesBefore" * interval '1 minute'
                     AND p_now < i."startsAt")
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
CREATE FUNCTION book_instance(
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
