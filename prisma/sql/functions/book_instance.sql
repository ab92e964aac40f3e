-- Books a place for the holder of the session `p_token_hash` (or, for an administrator, an API key or a
-- teacher of the instance, for `p_attendee_id`) in the session's account: the token names the account, so it comes first here
-- and the account id is first from book_place on. `p_mode`:
--   'book'  book_place as of `p_now`, the confirmation email's outbox row for a confirmed place, and
--           a `booking.created` webhook delivery (confirmed or waitlisted) for each enabled endpoint
--           of the account that subscribes to it (the jobs runner sends them: lib/bookings/book-instance.ts
--           wakes it after a confirmed booking, its 5-second sweep after a waitlisted one).
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
      || ',"offerExpiresAt":null' -- a booking just made holds no offer (promote_waitlist makes those)
      || '}}',
      p_now, p_now
      FROM "Webhook" w
      WHERE w."accountId" = actor."accountId" AND w."status" = 'enabled' AND 'booking.created' = ANY (w."events")
      -- The lock the foreign key check takes anyway, taken as the endpoints are read: an endpoint
      -- being deleted is waited for and then left out, where the check would fail the booking.
      FOR KEY SHARE OF w;
  END IF;
END
$$;
