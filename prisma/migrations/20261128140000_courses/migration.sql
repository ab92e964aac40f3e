-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "dropInsAllowed" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "courseEventId" TEXT,
ADD COLUMN     "enrolUntil" TIMESTAMP(3);

-- Copied from prisma/sql/functions/course_only_event.sql by npm run db:migrate:new: edit that file, not this one.
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
-- Copied from prisma/sql/functions/usable_entitlements.sql by npm run db:migrate:new: edit that file, not this one.
-- The attendee's entitlements usable for a class of `p_event_id` starting at `p_starts_at`, best
-- first: status `active`, `validFrom ≤ start < validUntil` (no end when null), not paused on the
-- class's date (entitlement_paused_at), a credit left (null = unlimited), and a product that covers
-- the event: a course product (`courseEventId`) covers its course's event only; any other product
-- one whose `eligibleEventIds` is empty or holds the event, unless the event is a course's (a
-- product not archived names it) that does not allow drop-ins: its classes are booked through
-- enrolment only. Order: `p_preferred`
-- first (the one a client named when joining the waitlist), then the one that expires first (no end
-- last), then the oldest. With `p_only` just that entitlement is considered.
CREATE OR REPLACE FUNCTION usable_entitlements(
  p_account_id text, p_user_id text, p_event_id text, p_starts_at timestamp,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL
) RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT e."id"
    FROM "Entitlement" e
    JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = e."accountId"
    JOIN "Account" a ON a."id" = e."accountId"
   WHERE e."accountId" = p_account_id
     AND e."userId" = p_user_id
     AND e."status" = 'active'
     AND e."validFrom" <= p_starts_at
     AND (e."validUntil" IS NULL OR e."validUntil" > p_starts_at)
     AND NOT entitlement_paused_at(e."pausedFrom", e."pausedUntil", p_starts_at, a."timezone")
     AND (e."remainingClasses" IS NULL OR e."remainingClasses" > 0)
     AND CASE WHEN p."courseEventId" IS NOT NULL THEN p."courseEventId" = p_event_id
              ELSE (cardinality(p."eligibleEventIds") = 0 OR p_event_id = ANY (p."eligibleEventIds"))
                   AND NOT course_only_event(p_account_id, p_event_id)
         END
     AND (p_only IS NULL OR e."id" = p_only)
   ORDER BY (e."id" = p_preferred) IS TRUE DESC, e."validUntil" ASC NULLS LAST, e."createdAt" ASC, e."id" ASC
$$;
