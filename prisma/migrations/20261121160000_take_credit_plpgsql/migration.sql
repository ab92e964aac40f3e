-- take_credit in PL/pgSQL instead of SQL, with the same rule and result (the rule is described in
-- migration 20261121110000_booking_functions). PostgreSQL before 18 parses and plans the body of a
-- SQL function it cannot inline (an UPDATE never is) on every call; PL/pgSQL keeps the plan for the
-- session. Measured with pgbench on book_instance alone: about 0.1 ms less database time per
-- booking, of about 0.4 ms (docs/decisions/0004).
CREATE OR REPLACE FUNCTION take_credit(p_entitlement_id text, p_account_id text) RETURNS SETOF text
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
