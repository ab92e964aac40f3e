-- Copied from prisma/sql/functions/promote_waitlist.sql by npm run db:migrate:new: edit that file, not this one.
-- Fills the free places of an instance whose row the caller has locked from its waitlist, in queue
-- order (waitlist_queue, which also tells members their place in the queue): each waitlisted booking
-- whose attendee has a usable entitlement (a guest's: the host's; the one named when joining first, else the one that expires first) gets a place (take_place);
-- one without stays waitlisted and the next is tried. A booking already offered a place is passed
-- over (it holds one). With `p_offer_until` (the caller's offer rule: the account's `offer` mode,
-- its auto window and quiet hours, decisions 0039 and 0048, lib/bookings/offer-plan.ts) the place
-- is offered instead: the booking stays waitlisted with `offerExpiresAt` = `p_offer_until`, and the
-- place is held for it in `bookedCount` (no credit is taken until it is claimed). Nothing is promoted
-- or offered once the instance has started at `p_now` or when it is cancelled. The promoted
-- (confirmed) and offered bookings.
CREATE OR REPLACE FUNCTION promote_waitlist(p_account_id text, p_instance_id text, p_now timestamp, p_offer_until timestamp)
RETURNS SETOF "Booking"
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  instance record;
  free integer;
  offering boolean;
  waiting record;
  promoted "Booking"%ROWTYPE;
BEGIN
  SELECT i."status", i."eventId", i."startsAt", i."capacity" - i."bookedCount" AS "free", i."waitlistCount" INTO instance
    FROM "Instance" i WHERE i."id" = p_instance_id AND i."accountId" = p_account_id;
  IF NOT FOUND OR instance."status" = 'cancelled' OR p_now >= instance."startsAt" OR instance."free" <= 0
     OR instance."waitlistCount" <= 0 THEN
    RETURN;
  END IF;
  offering := p_offer_until IS NOT NULL;
  free := instance."free";
  FOR waiting IN
    SELECT b."id", b."attendeeId", b."entitlementId", b."guestOfId"
      FROM waitlist_queue(p_account_id, ARRAY[p_instance_id]) q
      JOIN "Booking" b ON b."id" = q."bookingId" AND b."accountId" = p_account_id
     ORDER BY q."position"
  LOOP
    EXIT WHEN free <= 0;
    IF offering THEN
      CONTINUE WHEN NOT EXISTS (
        SELECT 1 FROM usable_entitlements(p_account_id, coalesce(waiting."guestOfId", waiting."attendeeId"),
                                          instance."eventId", instance."startsAt", NULL, waiting."entitlementId"));
      UPDATE "Booking" SET "offerExpiresAt" = p_offer_until
       WHERE "id" = waiting."id" AND "accountId" = p_account_id
      RETURNING * INTO promoted;
      UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
       WHERE "id" = p_instance_id AND "accountId" = p_account_id;
      free := free - 1;
      RETURN NEXT promoted;
    ELSE
      FOR promoted IN
        SELECT * FROM take_place(p_account_id, p_instance_id, instance."eventId", instance."startsAt", waiting."attendeeId",
                                 NULL, waiting."entitlementId", waiting."id", NULL, waiting."guestOfId")
      LOOP
        free := free - 1;
        RETURN NEXT promoted;
      END LOOP;
    END IF;
  END LOOP;
END
$$;

-- Copied from prisma/sql/functions/waitlist_queue.sql by npm run db:migrate:new: edit that file, not this one.
-- The waitlists of instances in queue order, the one order promote_waitlist gives freed places in:
-- the waitlisted bookings not offered a place (a booking holding an offer is out of the queue), by
-- `createdAt`, then `id`; each with its place in its instance's queue, 1 first.
CREATE OR REPLACE FUNCTION waitlist_queue(p_account_id text, p_instance_ids text[])
RETURNS TABLE ("bookingId" text, "instanceId" text, "position" integer)
LANGUAGE sql STABLE AS $$
  SELECT b."id", b."instanceId",
         (row_number() OVER (PARTITION BY b."instanceId" ORDER BY b."createdAt" ASC, b."id" ASC))::integer
    FROM "Booking" b
   WHERE b."accountId" = p_account_id AND b."instanceId" = ANY(p_instance_ids) AND b."status" = 'waitlisted'
     AND b."offerExpiresAt" IS NULL
$$;
