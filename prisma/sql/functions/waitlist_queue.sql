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
