-- Whether the event's classes are booked through enrolment only: a product not archived makes it
-- its course (`courseEventId`) and the event does not allow drop-ins (`dropInsAllowed`). The rule
-- usable_entitlements applies; lib/bookings/covering-entitlements.ts is its TypeScript twin
-- (covering-entitlements.test.ts holds them together).
CREATE OR REPLACE FUNCTION course_only_event(p_account_id text, p_event_id text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM "Product" c
                  WHERE c."accountId" = p_account_id AND c."courseEventId" = p_event_id AND c."status" <> 'archived')
     AND NOT EXISTS (SELECT 1 FROM "Event" ev
                      WHERE ev."accountId" = p_account_id AND ev."id" = p_event_id AND ev."dropInsAllowed");
END
$$;
