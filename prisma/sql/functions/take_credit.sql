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
