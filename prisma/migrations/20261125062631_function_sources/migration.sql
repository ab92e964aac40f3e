-- The database functions now have one source each, prisma/sql/functions (this migration's copies come
-- from there), and take_credit takes the account id first like the others.
DROP FUNCTION take_credit(p_entitlement_id text, p_account_id text);
-- Copied from prisma/sql/functions/take_best_credit.sql by npm run db:migrate:new: edit that file, not this one.
-- Takes one credit for a class from the attendee's best usable entitlement (usable_entitlements'
-- order), or from the next one when a concurrent booking took the last credit of the first
-- meanwhile. The entitlement's id, or NULL when none had a credit left.
CREATE OR REPLACE FUNCTION take_best_credit(
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
    SELECT t INTO taken FROM take_credit(p_account_id, candidate) t;
    IF taken IS NOT NULL THEN
      RETURN taken;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- Copied from prisma/sql/functions/take_credit.sql by npm run db:migrate:new: edit that file, not this one.
-- The one way a credit is taken: a conditional UPDATE of one entitlement. PostgreSQL locks the row
-- and evaluates the condition again on its newest version, so two transactions racing for a pass's
-- last credit cannot both succeed and the count never goes below zero. The pass whose last credit is
-- taken becomes `exhausted`; an unlimited one (null) is locked and checked the same way. The id when
-- a credit was taken, no row otherwise.
-- PL/pgSQL, not SQL: PostgreSQL before 18 parses and plans the body of a SQL function it cannot
-- inline (an UPDATE never is) on every call; PL/pgSQL keeps the plan for the session (about 0.1 ms
-- of the 0.4 ms a booking costs the database, docs/decisions/0004).
CREATE OR REPLACE FUNCTION take_credit(p_account_id text, p_entitlement_id text) RETURNS SETOF text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken text;
BEGIN
  UPDATE "Entitlement"
     SET "remainingClasses" = "remainingClasses" - 1,
         "status" = CASE WHEN "remainingClasses" = 1 THEN 'exhausted' ELSE "status" END
   WHERE "id" = p_entitlement_id AND "accountId" = p_account_id AND "status" = 'active'
     AND ("remainingClasses" IS NULL OR "remainingClasses" > 0)
  RETURNING "id" INTO taken;
  IF FOUND THEN
    RETURN NEXT taken;
  END IF;
END
$$;
